-- A user's settled bets by (settled_at, id) now carry the bet's sport in the index (INCLUDE), so the
-- feed's per-bettor candidates (modules/follows/queries.ts readFeed) are read from the index alone
-- with or without its sport filter; without it the filter fetched every candidate's row (p95 205 ms
-- for a follower of 1,000 at 1,000,000 bets, bench/feed.ts). Same key, same predicate: every other
-- reader of the index is served as before. Built before the old one is dropped, in the migration's
-- transaction (writes to bets wait for the build).
CREATE INDEX "bets_user_id_settled_at_sport_idx" ON "bets" USING btree ("user_id", "settled_at", "id") INCLUDE ("bet_type") WHERE status <> 'pending';
--> statement-breakpoint
DROP INDEX "bets_user_id_settled_at_idx";
--> statement-breakpoint
ALTER INDEX "bets_user_id_settled_at_sport_idx" RENAME TO "bets_user_id_settled_at_idx";
