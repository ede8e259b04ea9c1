-- user_stake_days (migration 0030) follows every inserted, deleted or moved bet: what each user staked
-- per UTC day of recording, so a budget period's stakes are at most 31 rows (docs/decisions/034).
CREATE OR REPLACE FUNCTION user_stake_days_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_stake_days AS s (user_id, day, staked, bets)
    SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, sum(amount), count(*)::int
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET staked = s.staked + excluded.staked, bets = s.bets + excluded.bets;
  ELSIF TG_OP = 'DELETE' THEN
    -- Only rows that exist: a user's deletion may have cascaded to them already.
    UPDATE user_stake_days AS s SET staked = s.staked - d.staked, bets = s.bets - d.bets
    FROM (SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, sum(amount) AS staked, count(*)::int AS bets
          FROM old_rows GROUP BY 1, 2) d
    WHERE s.user_id = d.user_id AND s.day = d.day;
  ELSE
    -- A settlement changes none of owner, stake or recording time: only a repair that does counts.
    UPDATE user_stake_days AS s SET staked = s.staked - d.staked, bets = s.bets - d.bets
    FROM (SELECT o.user_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, sum(o.amount) AS staked, count(*)::int AS bets
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.user_id, o.amount, o.created_at) IS DISTINCT FROM (n.user_id, n.amount, n.created_at)
          GROUP BY 1, 2) d
    WHERE s.user_id = d.user_id AND s.day = d.day;
    INSERT INTO user_stake_days AS s (user_id, day, staked, bets)
    SELECT n.user_id, (n.created_at AT TIME ZONE 'UTC')::date, sum(n.amount), count(*)::int
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.user_id, o.amount, o.created_at) IS DISTINCT FROM (n.user_id, n.amount, n.created_at)
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET staked = s.staked + excluded.staked, bets = s.bets + excluded.bets;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bets_stake_days_insert AFTER INSERT ON bets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_stake_days_apply();

CREATE TRIGGER bets_stake_days_update AFTER UPDATE ON bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_stake_days_apply();

CREATE TRIGGER bets_stake_days_delete AFTER DELETE ON bets REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_stake_days_apply();
