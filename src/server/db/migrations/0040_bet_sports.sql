-- A bet's sport and a parlay leg's sport come from the listed set (src/shared/bets.ts SPORTS; a
-- parlay's own is 'parlay'), as docs/LEDGER.md promises of every entry. Checked on every row: the
-- set has only grown, the API has refused any other value since the first bet, a listed event's
-- sport is checked (events_sport) and a parlay writes 'parlay', so no row written through the
-- application can differ.
ALTER TABLE "bets" ADD CONSTRAINT "bets_sport" CHECK ("bets"."bet_type" IN ('football', 'basketball', 'baseball', 'soccer', 'tennis', 'mma', 'other', 'parlay'));
--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_sport" CHECK ("bet_legs"."sport" IN ('football', 'basketball', 'baseball', 'soccer', 'tennis', 'mma', 'other'));
