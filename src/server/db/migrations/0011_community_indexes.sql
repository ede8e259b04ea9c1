CREATE INDEX "user_sport_stats_sport_user_id_idx" ON "user_sport_stats" USING btree ("sport","user_id");--> statement-breakpoint
-- The user ids of public profiles, for the Spotlight and Influencers queries: read index-only
-- instead of extracting profile_public from every settings row's JSON. (user_settings is defined
-- in schema/profiles.ts; this index is SQL-only, described in schema/community.ts.)
CREATE INDEX "user_settings_public_user_id_idx" ON "user_settings" USING btree ("user_id")
WHERE (privacy_settings->>'profile_public') = 'true';
