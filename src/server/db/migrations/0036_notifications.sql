-- Being told of a followed bettor's picks (docs/decisions/045-pick-notifications.md): the
-- follower's choice per followed bettor, their quiet hours, their devices' Web Push subscriptions,
-- the picks waiting out their grace period (written by the trigger bets_announce in the pick's own
-- transaction, so only a committed pick is ever seen), and one row per (pick, follower, channel):
-- the idempotency key that keeps a retried job from sending twice.
ALTER TABLE "follows" ADD COLUMN "notify" text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_notify" CHECK ("notify" IN ('none', 'email', 'digest', 'push'));
--> statement-breakpoint
-- A bettor's followers who asked to be told: the fan-out of one pick reads this range only.
CREATE INDEX "follows_followee_notify_idx" ON "follows" ("followee_id", "follower_id") WHERE "notify" <> 'none';
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	-- An IANA zone name (checked by the API against the runtime's zones); quiet hours are read in it.
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	-- Quiet hours as minutes after local midnight, [start, end); both or neither. Start after end
	-- spans midnight (22:00 to 07:00).
	"quiet_start" smallint,
	"quiet_end" smallint,
	CONSTRAINT "notification_settings_quiet_both" CHECK (("quiet_start" IS NULL) = ("quiet_end" IS NULL)),
	CONSTRAINT "notification_settings_quiet_range" CHECK (
		"quiet_start" BETWEEN 0 AND 1439 AND "quiet_end" BETWEEN 0 AND 1439 AND "quiet_start" <> "quiet_end"
	),
	CONSTRAINT "notification_settings_time_zone" CHECK (length("time_zone") BETWEEN 1 AND 64)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	-- The push service's URL for one browser; a browser subscribing again replaces its row.
	"endpoint" text NOT NULL,
	-- The browser's P-256 public key and auth secret (base64url), for RFC 8291's encryption.
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_key" UNIQUE ("endpoint"),
	CONSTRAINT "push_subscriptions_endpoint_length" CHECK (length("endpoint") BETWEEN 8 AND 1024)
);
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" ("user_id");
--> statement-breakpoint
-- A recorded pick waiting to be announced. Deleting the pick deletes its row (the cascade), so a
-- pick deleted before the job reads it is never announced.
CREATE TABLE "pick_announcements" (
	"bet_id" uuid PRIMARY KEY NOT NULL REFERENCES "bets"("id") ON DELETE CASCADE,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pick_announcements_recorded_at_idx" ON "pick_announcements" ("recorded_at");
--> statement-breakpoint
CREATE TABLE "pick_notifications" (
	"bet_id" uuid NOT NULL REFERENCES "bets"("id") ON DELETE CASCADE,
	"follower_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"channel" text NOT NULL,
	-- waiting: due at send_after; sending: claimed by a job (never claimed again, so a job that
	-- dies mid-send does not send twice); sent; failed: the channel refused it, tried again later;
	-- dropped: not to be sent (unfollowed, choice changed, profile private, too many failures).
	"state" text DEFAULT 'waiting' NOT NULL,
	"send_after" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "pick_notifications_pkey" PRIMARY KEY ("bet_id", "follower_id", "channel"),
	CONSTRAINT "pick_notifications_channel" CHECK ("channel" IN ('email', 'digest', 'push')),
	CONSTRAINT "pick_notifications_state" CHECK ("state" IN ('waiting', 'sending', 'sent', 'failed', 'dropped')),
	CONSTRAINT "pick_notifications_sent_at" CHECK (("state" = 'sent') = ("sent_at" IS NOT NULL))
);
--> statement-breakpoint
-- The sender's work: what is due, soonest first.
CREATE INDEX "pick_notifications_due_idx" ON "pick_notifications" ("send_after") WHERE "state" IN ('waiting', 'failed');
