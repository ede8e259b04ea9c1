-- The admin Users view (src/server/modules/admin/queries.ts): pages newest first, filtered by
-- verification status, and a case-insensitive starts-with search on username, email, display name
-- and the display name's second word. Each is an index range scan, so a page or a search reads
-- about a page of rows however many accounts there are (figures: bench/admin-users-scaling.md).
--
-- These indexes live only here, not in the Drizzle schema files (the profiles and auth tables are
-- declared by other modules): drizzle-kit neither creates nor drops what its schema does not name.
-- If they are ever declared there, regenerate the snapshot without emitting them again.
--
-- text_pattern_ops: LIKE 'abc%' can use a btree only under the C collation or with these operator
-- classes. An expression index serves only a query that spells the expression identically.

-- Pages of all users, newest first (ORDER BY created_at DESC, id DESC), and signups per week.
CREATE INDEX "profiles_created_at_idx" ON "profiles" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Pages of one verification status (the Pending queue), newest first, and its counts.
CREATE INDEX "profiles_verification_status_created_at_idx" ON "profiles" ("verification_status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "profiles_username_prefix_idx" ON "profiles" ("username" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "profiles_display_name_prefix_idx" ON "profiles" (lower("display_name") text_pattern_ops);
--> statement-breakpoint
-- The display name after its first word: 'John Smith' -> 'smith', so a surname finds its user.
CREATE INDEX "profiles_display_name_surname_prefix_idx" ON "profiles" (lower(substring("display_name" from '\s+(\S.*)$')) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" (lower("email") text_pattern_ops);
