-- A number per user that moves whenever any of their bets or parlay legs changes, however it is
-- changed (the API, a leg's trigger, the seed, an operator's repair with the record's guard off):
-- the server keeps each user's first page of bets in memory and sends it again only while this
-- number is what it was when the page was read (modules/bets/kept-answers.ts, decision 014). One
-- upsert per statement, for the users that statement touched; an update moves the version of every
-- user whose bets or legs it touched, before and after (a repair may move bets to another user).
-- TG_ARGV[0]: 'bets' (the changed rows are bets) or 'bet_legs' (their parlay's owner moves).
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

-- One trigger per table and event: PostgreSQL gives transition tables only to a trigger on one event.
CREATE TRIGGER bets_version_insert AFTER INSERT ON bets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_record_versions_bump('bets');

CREATE TRIGGER bets_version_update AFTER UPDATE ON bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_record_versions_bump('bets');

CREATE TRIGGER bets_version_delete AFTER DELETE ON bets REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_record_versions_bump('bets');

CREATE TRIGGER bet_legs_version_insert AFTER INSERT ON bet_legs REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_record_versions_bump('bet_legs');

CREATE TRIGGER bet_legs_version_update AFTER UPDATE ON bet_legs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_record_versions_bump('bet_legs');

CREATE TRIGGER bet_legs_version_delete AFTER DELETE ON bet_legs REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_record_versions_bump('bet_legs');
