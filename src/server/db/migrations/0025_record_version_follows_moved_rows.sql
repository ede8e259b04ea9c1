-- 0025_record_version_follows_moved_rows created database functions and triggers only. Their current definitions are in
-- src/server/db/functions/, applied after the migrations (docs/decisions/016).
SELECT 1;
