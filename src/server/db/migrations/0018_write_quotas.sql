-- Per-user quotas (src/server/quotas.ts): one row per user and bucket, counting requests in a
-- minute window and a day window. The check and the count are one INSERT ... ON CONFLICT DO UPDATE
-- ... WHERE statement, so servers counting one user at once cannot overrun a limit, and a refused
-- request leaves the row as it was.
CREATE TABLE "user_quotas" (
	"user_id" text NOT NULL,
	"bucket" text NOT NULL,
	"minute_start" timestamp with time zone NOT NULL,
	"minute_count" integer NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"day_count" integer NOT NULL,
	CONSTRAINT "user_quotas_pkey" PRIMARY KEY("user_id","bucket"),
	CONSTRAINT "user_quotas_bucket" CHECK ("user_quotas"."bucket" in ('writes', 'analytics', 'export')),
	CONSTRAINT "user_quotas_counts_positive" CHECK ("user_quotas"."minute_count" >= 1 and "user_quotas"."day_count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "user_quotas" ADD CONSTRAINT "user_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
