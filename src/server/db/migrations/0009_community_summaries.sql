CREATE TABLE "user_bet_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"staked" numeric(20, 2) DEFAULT '0' NOT NULL,
	"cum_settled" integer DEFAULT 0 NOT NULL,
	"cum_won" integer DEFAULT 0 NOT NULL,
	"cum_profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"cum_staked" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "user_bet_days_pkey" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_bet_totals_before" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"staked" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "user_bet_totals_before_pkey" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_bet_totals_before_days" (
	"day" date PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sport_stats" (
	"user_id" text NOT NULL,
	"sport" text NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "user_sport_stats_pkey" PRIMARY KEY("user_id","sport")
);
--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD CONSTRAINT "user_bet_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bet_totals_before" ADD CONSTRAINT "user_bet_totals_before_day_user_bet_totals_before_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."user_bet_totals_before_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bet_totals_before" ADD CONSTRAINT "user_bet_totals_before_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sport_stats" ADD CONSTRAINT "user_sport_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bets_settled_at_idx" ON "bets" USING btree ("settled_at") WHERE settled_at is not null;--> statement-breakpoint
-- Summaries of the bets that exist before this migration.
INSERT INTO user_sport_stats (user_id, sport, bets, won, lost, profit)
SELECT user_id, bet_type, count(*), count(*) FILTER (WHERE status = 'won'), count(*) FILTER (WHERE status = 'lost'),
       coalesce(sum(profit_loss), 0)
FROM bets GROUP BY user_id, bet_type;
--> statement-breakpoint
INSERT INTO user_bet_days (user_id, day, settled, won, profit, staked, cum_settled, cum_won, cum_profit, cum_staked)
SELECT user_id, day, settled, won, profit, staked,
       sum(settled) OVER w, sum(won) OVER w, sum(profit) OVER w, sum(staked) OVER w
FROM (
  SELECT user_id, (settled_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS settled,
         (count(*) FILTER (WHERE status = 'won'))::int AS won, sum(profit_loss) AS profit, sum(amount) AS staked
  FROM bets WHERE status <> 'pending' GROUP BY 1, 2
) g
WINDOW w AS (PARTITION BY user_id ORDER BY day);
--> statement-breakpoint
-- Community queries keep only public profiles; without statistics on this expression the planner
-- guesses 0.5% of users and picks nested loops over thousands of them.
CREATE STATISTICS user_settings_profile_public_stats ON ((privacy_settings->>'profile_public')) FROM user_settings;
