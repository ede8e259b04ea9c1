-- The rankings' change log (docs/decisions/061): the Spotlight and the Influencers directory are
-- ranked once and kept in each server's memory (modules/community/rankings.ts), and a kept ranking
-- is good while no transaction that wrote what it read has committed since it was made. Every
-- statement writing one of those tables notes its transaction here (one row per transaction:
-- db/functions/community_changes_note.sql); a server asks, in one index range scan, whether a row
-- it could not see when it ranked is visible now. A transaction's row is visible exactly when its
-- writes are, so no commit is missed and none is read early, on either driver.
CREATE TABLE "community_changes" (
  "xid" xid8 PRIMARY KEY
);
--> statement-breakpoint
-- Rows of finished transactions are deleted from time to time (all of them below `below`, a
-- snapshot's xmin when they were): a kept ranking made from a snapshot older than that is
-- ranked again, since the rows that would have shown its changes are gone.
CREATE TABLE "community_changes_pruned" (
  "one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
  "below" xid8 NOT NULL
);
--> statement-breakpoint
INSERT INTO "community_changes_pruned" ("below") VALUES ('0');
