-- Notifications counter, private chats and moderation.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18). Each index names the query it serves.
-- Lock order inside one transaction: messages -> chat_members -> users (counters), and
-- post_actions -> report_queue, so concurrent writers never wait on each other in a cycle.

------------------------------------------------------------------------------------------
-- Notifications: users.notifs is the number of unseen rows, kept in the same transaction.
-- Statement-level triggers with transition tables: "mark all as seen" on 500 rows is one
-- UPDATE of the user's row, not 500.
------------------------------------------------------------------------------------------
CREATE FUNCTION notifications_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u SET notifs = u.notifs + d.n
    FROM (SELECT user_id, count(*)::int AS n FROM new_rows WHERE NOT seen GROUP BY user_id) d
   WHERE u.id = d.user_id;
  RETURN NULL;
END $$;

CREATE FUNCTION notifications_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u SET notifs = greatest(u.notifs + d.n, 0)
    FROM (SELECT n.user_id, sum(CASE WHEN n.seen THEN -1 ELSE 1 END)::int AS n
            FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE n.seen <> o.seen
           GROUP BY n.user_id) d
   WHERE u.id = d.user_id AND d.n <> 0;
  RETURN NULL;
END $$;

CREATE FUNCTION notifications_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u SET notifs = greatest(u.notifs - d.n, 0)
    FROM (SELECT user_id, count(*)::int AS n FROM old_rows WHERE NOT seen GROUP BY user_id) d
   WHERE u.id = d.user_id;
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_count_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_count_insert();
CREATE TRIGGER notifications_count_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_count_update();
CREATE TRIGGER notifications_count_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_count_delete();

-- serves: notifications_seen without ids (mark every unseen row of the viewer)
CREATE INDEX notifications_unseen_idx ON notifications (user_id) WHERE NOT seen;

------------------------------------------------------------------------------------------
-- Chats: one conversation per pair of users. Its id is the two lower-case names, sorted,
-- joined by a dash (spec §5 "thread id"); names cannot contain a dash, so it is unambiguous.
-- Each side has a chat_members row with its own unread count, so listing a user's chats is
-- one index range and users.chats (chats with unread messages) is kept from those rows.
------------------------------------------------------------------------------------------
CREATE TABLE chats (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9_]{3,30}-[a-z0-9_]{3,30}$'),
  last_message integer,                        -- newest message (set by the messages trigger)
  created timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chat_members (
  chat_id text NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  other_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  unread integer NOT NULL DEFAULT 0,           -- messages from the other side not read yet
  updated timestamptz NOT NULL DEFAULT now(),  -- time of the newest message, for the list order
  PRIMARY KEY (user_id, chat_id),              -- serves: chat_read, and "is the viewer in this chat"
  CHECK (user_id <> other_id)
);
-- serves: GET /api/chats (the viewer's conversations, most recent first)
CREATE INDEX chat_members_list_idx ON chat_members (user_id, updated DESC, chat_id);
-- serves: the messages trigger (both sides of one chat)
CREATE INDEX chat_members_chat_idx ON chat_members (chat_id);

CREATE TABLE messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chat_id text NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL,                        -- as written
  body text NOT NULL,                          -- rendered once on write, allowlisted HTML
  created timestamptz NOT NULL DEFAULT now()
);
-- serves: GET /api/messages?chat=eq.{id}&order=id.desc&id=lt.{cursor} (keyset)
CREATE INDEX messages_chat_idx ON messages (chat_id, id DESC);
ALTER TABLE chats ADD CONSTRAINT chats_last_message_fk FOREIGN KEY (last_message) REFERENCES messages (id)
  ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

-- A new message moves the chat to the top of both lists and counts as unread for the receiver.
CREATE FUNCTION messages_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chats SET last_message = NEW.id WHERE id = NEW.chat_id;
  UPDATE chat_members
     SET updated = NEW.created,
         unread = unread + CASE WHEN user_id = NEW.user_id THEN 0 ELSE 1 END
   WHERE chat_id = NEW.chat_id;
  RETURN NULL;
END $$;
CREATE TRIGGER messages_after_insert AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_after_insert();

-- users.chats = number of the user's chats with unread > 0.
CREATE FUNCTION chat_members_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.unread > 0;
  now_unread boolean := TG_OP <> 'DELETE' AND NEW.unread > 0;
BEGIN
  IF now_unread AND NOT was THEN
    UPDATE users SET chats = chats + 1 WHERE id = NEW.user_id;
  ELSIF was AND NOT now_unread THEN
    UPDATE users SET chats = greatest(chats - 1, 0) WHERE id = OLD.user_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER chat_members_count AFTER INSERT OR UPDATE OF unread OR DELETE ON chat_members
  FOR EACH ROW EXECUTE FUNCTION chat_members_count();

------------------------------------------------------------------------------------------
-- Moderation. report_queue holds one row per post with unresolved reports (counts per type),
-- kept from post_actions.report by trigger, so the open list never aggregates post_actions.
-- Resolving a post removes its queue row and writes a moderation row (who, when, how, with
-- the counts and a snapshot of the title and text, since 'excluded' posts lose their content).
------------------------------------------------------------------------------------------
CREATE TABLE report_queue (
  post_id integer PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  rules integer NOT NULL DEFAULT 0,
  porn integer NOT NULL DEFAULT 0,
  nsfw integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  reported timestamptz NOT NULL DEFAULT now()  -- newest report
);
-- serves: GET /api/reports (open), newest report first
CREATE INDEX report_queue_reported_idx ON report_queue (reported DESC, post_id DESC);

CREATE TABLE moderation (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  moderator_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  resolve text NOT NULL CHECK (resolve IN ('delete-post', 'ban-user', 'ban-user-and-delete-post',
                                           'ban-user-and-delete-all-posts')),
  rules integer NOT NULL DEFAULT 0,            -- report counts when resolved
  porn integer NOT NULL DEFAULT 0,
  nsfw integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  title text,                                  -- snapshot for the admins' record
  excerpt text NOT NULL DEFAULT '',
  created timestamptz NOT NULL DEFAULT now()
);
-- serves: GET /api/reports?state=eq.closed (admins), newest first
CREATE INDEX moderation_created_idx ON moderation (created DESC, id DESC);
-- serves: GET /api/reports?state=eq.closed&post=eq.{post} (/moderated/{post})
CREATE INDEX moderation_post_idx ON moderation (post_id);

CREATE FUNCTION post_actions_report() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_type text := CASE WHEN TG_OP = 'UPDATE' THEN OLD.report END;
BEGIN
  IF NEW.report IS NOT DISTINCT FROM old_type THEN RETURN NULL; END IF;
  IF NEW.report IS NULL THEN
    -- a report withdrawn
    UPDATE report_queue SET
      rules = rules - (old_type = 'rules')::int,
      porn = porn - (old_type = 'porn')::int,
      nsfw = nsfw - (old_type = 'nsfw')::int,
      total = total - 1
     WHERE post_id = NEW.post_id;
    DELETE FROM report_queue WHERE post_id = NEW.post_id AND total <= 0;
    RETURN NULL;
  END IF;
  INSERT INTO report_queue AS q (post_id, rules, porn, nsfw, total, reported)
  VALUES (NEW.post_id, (NEW.report = 'rules')::int, (NEW.report = 'porn')::int,
          (NEW.report = 'nsfw')::int, 1, coalesce(NEW.reported, now()))
  ON CONFLICT (post_id) DO UPDATE SET
    rules = q.rules + (NEW.report = 'rules')::int - coalesce((old_type = 'rules')::int, 0),
    porn = q.porn + (NEW.report = 'porn')::int - coalesce((old_type = 'porn')::int, 0),
    nsfw = q.nsfw + (NEW.report = 'nsfw')::int - coalesce((old_type = 'nsfw')::int, 0),
    total = q.total + CASE WHEN old_type IS NULL THEN 1 ELSE 0 END,
    reported = greatest(q.reported, EXCLUDED.reported);
  RETURN NULL;
END $$;
CREATE TRIGGER post_actions_report_insert AFTER INSERT ON post_actions
  FOR EACH ROW WHEN (NEW.report IS NOT NULL) EXECUTE FUNCTION post_actions_report();
CREATE TRIGGER post_actions_report_update AFTER UPDATE OF report ON post_actions
  FOR EACH ROW EXECUTE FUNCTION post_actions_report();
