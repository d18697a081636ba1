-- A session ended, or what a session says about its user changed: announced on the `sessions`
-- channel (LISTEN/NOTIFY) as `{"user": id}`, so every API node drops the sessions of that user it
-- keeps in memory (server/src/auth/sessionCache.ts). Announced by the tables, not by the code
-- paths, so none is missed: a logout, a password change or reset, a ban, a deleted account (its
-- sessions go with it), a role given or taken, a name, theme or content setting changed, and an
-- operator's own SQL. NOTIFY is delivered at commit; the same user twice in one transaction is
-- told once.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).
CREATE FUNCTION sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions', json_build_object('user', OLD.user_id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_changed AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_changed();

CREATE FUNCTION session_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions', json_build_object('user', NEW.id)::text);
  RETURN NULL;
END $$;

-- The columns a session's user carries (auth/session.ts findSessionByHash) but `rating` and
-- `seen`, which change all the time and are allowed to be a few seconds old. The WHEN is checked
-- without calling the function, so the updates of counters, ratings and presence cost nothing.
CREATE TRIGGER session_users_changed AFTER UPDATE OF username, roles, status, theme, nsfw ON users
  FOR EACH ROW
  WHEN ((OLD.username, OLD.roles, OLD.status, OLD.theme, OLD.nsfw)
        IS DISTINCT FROM (NEW.username, NEW.roles, NEW.status, NEW.theme, NEW.nsfw))
  EXECUTE FUNCTION session_users_changed();
