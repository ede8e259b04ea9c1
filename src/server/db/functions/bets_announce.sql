-- A recorded pick whose bettor has a follower who asked to be told waits in pick_announcements
-- (docs/decisions/045): written in the pick's own transaction, so the notification job only ever
-- sees committed picks, and a pick rolled back leaves nothing. The job announces it once its grace
-- period has passed; deleting the pick before then deletes the row (the foreign key's cascade).
CREATE OR REPLACE FUNCTION bets_announce() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pick_announcements (bet_id, recorded_at)
  SELECT n.id, n.created_at FROM new_rows n
  WHERE n.status = 'pending'
    AND EXISTS (SELECT 1 FROM follows f WHERE f.followee_id = n.user_id AND f.notify <> 'none');
  RETURN NULL;
END;
$$;
CREATE TRIGGER bets_announce AFTER INSERT ON bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bets_announce();
