-- A number per user that moves whenever any of their bets or parlay legs changes, however it is
-- changed (the API, a leg's trigger, the seed, an operator's repair with the record's guard off):
-- the server keeps each user's first page of bets in memory and sends it again only while this
-- number is what it was when the page was read (modules/bets/page-cache.ts, decision 014). One
-- upsert per statement, for the users that statement touched.
CREATE TABLE bet_record_versions (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  version bigint NOT NULL
);
--> statement-breakpoint
-- Every user with bets starts at 1.
INSERT INTO bet_record_versions (user_id, version) SELECT DISTINCT user_id, 1 FROM bets;
