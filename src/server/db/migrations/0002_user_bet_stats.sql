CREATE TABLE "user_bet_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"total_bets" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"total_staked" numeric(20, 2) DEFAULT '0' NOT NULL,
	"total_profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"settled_staked" numeric(20, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD CONSTRAINT "user_bet_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;