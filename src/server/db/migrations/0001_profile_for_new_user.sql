-- 0001_profile_for_new_user created database functions and triggers only. Their current definitions are in
-- src/server/db/functions/, applied after the migrations (docs/decisions/016).
SELECT 1;
