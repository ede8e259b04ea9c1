CREATE TABLE "inbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_messages_kind" CHECK ("inbox_messages"."kind" in ('contact', 'advertising')),
	CONSTRAINT "inbox_messages_status" CHECK ("inbox_messages"."status" in ('open', 'in-progress', 'resolved', 'closed')),
	CONSTRAINT "inbox_messages_priority" CHECK ("inbox_messages"."priority" in ('low', 'medium', 'high')),
	CONSTRAINT "inbox_messages_name_length" CHECK (char_length("inbox_messages"."name") between 1 and 200),
	CONSTRAINT "inbox_messages_email_length" CHECK (char_length("inbox_messages"."email") between 3 and 254),
	CONSTRAINT "inbox_messages_message_length" CHECK (char_length("inbox_messages"."message") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "inbox_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscriptions_email_lowercase" CHECK ("newsletter_subscriptions"."email" = lower("newsletter_subscriptions"."email"))
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_messages_created_at_idx" ON "inbox_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inbox_messages_status_created_at_idx" ON "inbox_messages" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inbox_rate_limits_window_start_idx" ON "inbox_rate_limits" USING btree ("window_start");