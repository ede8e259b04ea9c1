-- Migration 0024's update triggers saw only the rows as they became: a statement that moves bets to
-- another user (or legs to another parlay), as an operator's repair with the record's guard off
-- can, moved the new owner's version but not the old one's, whose kept first page and statistics
-- (modules/bets/kept-answers.ts, decision 014) went on showing bets they no longer had. An update
-- now moves the version of every user whose bets or legs it touched, before and after.
CREATE OR REPLACE FUNCTION bet_record_versions_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The owners of the rows as they were (a delete, or an update before it moved them). Only users
  -- that still exist: when a user is deleted, the cascade may have removed their row already, and
  -- creating it again would violate its foreign key. (PL/pgSQL plans a statement when it first
  -- runs, so each names only the transition tables its trigger has.)
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF TG_ARGV[0] = 'bets' THEN
      UPDATE bet_record_versions v SET version = v.version + 1 WHERE v.user_id IN (SELECT user_id FROM old_rows);
    ELSE
      UPDATE bet_record_versions v SET version = v.version + 1
      WHERE v.user_id IN (SELECT b.user_id FROM old_rows l JOIN bets b ON b.id = l.bet_id);
    END IF;
  END IF;
  -- The owners of the rows as they are now: they move, or start at 1. An update's owners that were
  -- moved above already are left out, so one statement moves each user once.
  IF TG_OP = 'INSERT' AND TG_ARGV[0] = 'bets' THEN
    INSERT INTO bet_record_versions AS v (user_id, version)
    SELECT DISTINCT user_id, 1 FROM new_rows ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO bet_record_versions AS v (user_id, version)
    SELECT DISTINCT b.user_id, 1 FROM new_rows l JOIN bets b ON b.id = l.bet_id ORDER BY b.user_id
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'UPDATE' AND TG_ARGV[0] = 'bets' THEN
    INSERT INTO bet_record_versions AS v (user_id, version)
    SELECT DISTINCT user_id, 1 FROM new_rows
    WHERE user_id NOT IN (SELECT user_id FROM old_rows)
    ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO bet_record_versions AS v (user_id, version)
    SELECT DISTINCT b.user_id, 1 FROM new_rows l JOIN bets b ON b.id = l.bet_id
    WHERE b.user_id NOT IN (SELECT o.user_id FROM old_rows l2 JOIN bets o ON o.id = l2.bet_id)
    ORDER BY b.user_id
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER bets_version_update ON bets;
--> statement-breakpoint
CREATE TRIGGER bets_version_update AFTER UPDATE ON bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_record_versions_bump('bets');
--> statement-breakpoint
DROP TRIGGER bet_legs_version_update ON bet_legs;
--> statement-breakpoint
CREATE TRIGGER bet_legs_version_update AFTER UPDATE ON bet_legs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_record_versions_bump('bet_legs');
