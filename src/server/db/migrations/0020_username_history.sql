-- A renamed profile's old username keeps leading to it for 30 days: every change of
-- profiles.username records the name given up, whatever writes it (the API, an admin, a script).
-- The page route reads this with the request's clock; the 30 days are counted there, not here.
-- The old name is free for anyone to take at once: the redirect only applies while no profile holds it.
-- Milliseconds, as JavaScript's Date holds them, so the 30-day edge is the same instant on both sides.
CREATE TABLE "username_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"old_username" text NOT NULL,
	"renamed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "username_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE INDEX "username_history_old_username_idx" ON "username_history" USING btree ("old_username","renamed_at");