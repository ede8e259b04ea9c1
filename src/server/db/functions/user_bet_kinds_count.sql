-- user_bet_kinds: each user's graded and self-reported bets, and how many they deleted (before the
-- start, within the delete window: bets_guard_record), one upsert per statement. A deleted bet
-- leaves the graded or self-reported count and adds to the deleted one, which never goes down.
CREATE OR REPLACE FUNCTION user_bet_kinds_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_bet_kinds AS k (user_id, graded, self_reported)
    SELECT user_id, (count(*) FILTER (WHERE graded))::int, (count(*) FILTER (WHERE NOT graded))::int
    FROM new_rows GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET graded = k.graded + excluded.graded,
                                        self_reported = k.self_reported + excluded.self_reported;
  ELSE
    -- Only rows that exist: an account's erasure may have removed its row already.
    UPDATE user_bet_kinds k SET graded = k.graded - d.graded, self_reported = k.self_reported - d.self_reported,
                                deleted = k.deleted + d.deleted
    FROM (SELECT user_id, (count(*) FILTER (WHERE graded))::int AS graded,
                 (count(*) FILTER (WHERE NOT graded))::int AS self_reported, count(*)::int AS deleted
          FROM old_rows GROUP BY user_id) d
    WHERE k.user_id = d.user_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER user_bet_kinds_insert AFTER INSERT ON bets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_kinds_count();

CREATE TRIGGER user_bet_kinds_delete AFTER DELETE ON bets REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_kinds_count();
