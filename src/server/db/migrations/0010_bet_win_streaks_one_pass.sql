-- 0010_bet_win_streaks_one_pass created database functions and triggers only. Their current definitions are in
-- src/server/db/functions/, applied after the migrations (docs/decisions/016).
SELECT 1;
