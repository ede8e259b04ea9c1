
-- Totals for bets that exist before this migration.
INSERT INTO user_bet_stats (user_id, total_bets, won, lost, pending, total_staked, total_profit, settled_staked)
SELECT user_id, count(*), count(*) FILTER (WHERE status = 'won'), count(*) FILTER (WHERE status = 'lost'),
       count(*) FILTER (WHERE status = 'pending'), sum(amount), coalesce(sum(profit_loss), 0),
       coalesce(sum(amount) FILTER (WHERE status <> 'pending'), 0)
FROM bets GROUP BY user_id;
