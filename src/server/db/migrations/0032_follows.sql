-- Followers (docs/decisions/036-follows-and-the-feed.md): who follows whom. A row says the
-- follower asked to see the followee's picks; whether they are shown is decided when the feed is
-- read (the followee's profile must be public then), so a profile turning private disappears from
-- every follower's feed at once and reappears when it turns public again, rows untouched.
CREATE TABLE "follows" (
	"follower_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"followee_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- One follow per pair: following again changes nothing (POST is idempotent on it).
	CONSTRAINT "follows_pkey" PRIMARY KEY ("follower_id", "followee_id"),
	CONSTRAINT "follows_not_self" CHECK ("follower_id" <> "followee_id")
);
--> statement-breakpoint
-- A profile's followers: its follower count is an index-only count of this range.
CREATE INDEX "follows_followee_id_idx" ON "follows" ("followee_id", "follower_id");
