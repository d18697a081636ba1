-- Live events: every new notification is announced on the `notification` channel (LISTEN/NOTIFY)
-- with the recipient's id, so the API node holding that user's live connection (GET /api/live,
-- server/src/http/live.ts) can tell the browser to refresh. In a trigger, so every writer is
-- covered, and NOTIFY is transactional: it is delivered at commit, when the row can be read,
-- and never for a rolled-back write. One NOTIFY per recipient per statement.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

CREATE FUNCTION notifications_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notification', json_build_object('user', r.user_id)::text)
     FROM (SELECT DISTINCT user_id FROM new_rows) r;
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_live AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_live();
