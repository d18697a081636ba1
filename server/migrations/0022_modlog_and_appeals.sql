-- The public moderation log and ban appeals (docs/product.md R-10.11 to R-10.13).

-- The log also records decided appeals and tags taken or made public again.
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check
  CHECK (action IN ('delete-post', 'ban', 'unban', 'ban-ended', 'appeal-accepted', 'appeal-rejected',
                    'tag-taken', 'tag-dropped'));
ALTER TABLE moderation_log
  -- the tag of 'tag-taken' and 'tag-dropped'
  ADD COLUMN tag text,
  -- what the public log (/modlog) files an entry under; NULL: never shown there (a rejected appeal)
  ADD COLUMN kind text GENERATED ALWAYS AS (
    CASE
      WHEN action = 'delete-post' THEN 'removal'
      WHEN action IN ('ban', 'unban', 'ban-ended', 'appeal-accepted') THEN 'ban'
      WHEN action IN ('tag-taken', 'tag-dropped') THEN 'tag'
    END
  ) STORED;
-- serves: GET /api/modlog (anyone), newest first by keyset on id
CREATE INDEX moderation_log_public_idx ON moderation_log (id DESC) WHERE kind IS NOT NULL;
-- serves: GET /api/modlog?kind=eq.{kind}, newest first by keyset on id
CREATE INDEX moderation_log_kind_idx ON moderation_log (kind, id DESC) WHERE kind IS NOT NULL;

-- A banned user's appeal against one ban: one per ban, decided once by a moderator.
CREATE TABLE ban_appeals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- UNIQUE: one appeal per ban (its index also finds a ban's appeal)
  ban_id integer NOT NULL UNIQUE REFERENCES bans (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- as written (normalized) and rendered with the posts' markup rules, sanitized
  source text NOT NULL,
  body text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'rejected')),
  decided timestamptz,
  moderator_id integer REFERENCES users (id) ON DELETE SET NULL,
  -- the moderator's answer (required when rejecting)
  answer text
);
-- serves: GET /api/ban_appeals?status=eq.open (moderators, beside the open reports), keyset on id
CREATE INDEX ban_appeals_open_idx ON ban_appeals (id DESC) WHERE status = 'open';
-- serves: account deletion (the appeals of a user), the appeals' foreign key from users
CREATE INDEX ban_appeals_user_idx ON ban_appeals (user_id);

-- A notification may tell of a decided appeal instead of a post: no post, no actor shown.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('reply', 'mention', 'appeal'));
ALTER TABLE notifications
  ALTER COLUMN post_id DROP NOT NULL,
  ALTER COLUMN actor_id DROP NOT NULL,
  ADD COLUMN appeal_id integer REFERENCES ban_appeals (id) ON DELETE CASCADE,
  ADD CONSTRAINT notifications_subject_check CHECK (
    CASE WHEN kind = 'appeal' THEN appeal_id IS NOT NULL
         ELSE post_id IS NOT NULL AND actor_id IS NOT NULL END
  );
