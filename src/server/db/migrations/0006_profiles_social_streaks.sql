ALTER TABLE "user_settings" ADD COLUMN "social_links" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "longest_win_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "current_win_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "last_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "last_settled_id" uuid;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "max_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "bets_user_id_settled_at_idx" ON "bets" USING btree ("user_id","settled_at","id") WHERE status <> 'pending';