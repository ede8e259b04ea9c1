DROP INDEX "bets_user_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "bets_user_id_created_at_idx" ON "bets" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);