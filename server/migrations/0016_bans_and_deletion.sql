-- Bans that users understand, a moderation log, and account deletion with a grace period (issue 13).

-- A deleted account keeps its row (its posts may stay, authorless) with everything personal erased.
ALTER TABLE users DROP CONSTRAINT users_status_check;
ALTER TABLE users ADD CONSTRAINT users_status_check
  CHECK (status IN ('inactive', 'active', 'banned', 'deleted'));

ALTER TABLE users
  -- Deletion requested: the account is erased after this moment unless its owner signs in first.
  ADD COLUMN deletion_due timestamptz,
  -- What happens to the account's posts and comments then: kept authorless, or deleted.
  ADD COLUMN deletion_content text CHECK (deletion_content IN ('keep', 'delete')),
  ADD CONSTRAINT users_deletion_check CHECK ((deletion_due IS NULL) = (deletion_content IS NULL));
-- serves: the deletion sweep (accounts whose grace period has ended), a handful of rows
CREATE INDEX users_deletion_due_idx ON users (deletion_due) WHERE deletion_due IS NOT NULL;

-- Each ban: who banned whom, why and until when (NULL: for good); lifting keeps the row.
CREATE TABLE bans (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  moderator_id integer REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  ends timestamptz,
  lifted timestamptz,
  lifted_by integer REFERENCES users (id) ON DELETE SET NULL
);
-- serves: the ban in force at sign-in (the user's newest), lifting a user's ban
CREATE INDEX bans_user_idx ON bans (user_id, id DESC);
-- serves: the expiry sweep, bans in force that end
CREATE INDEX bans_ends_idx ON bans (ends) WHERE lifted IS NULL AND ends IS NOT NULL;

-- Every moderation action, for the admins' log on /moderated: who, when, what and why.
CREATE TABLE moderation_log (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL: the site itself (a ban that ended)
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('delete-post', 'ban', 'unban', 'ban-ended')),
  target_id integer REFERENCES users (id) ON DELETE SET NULL,
  post_id integer REFERENCES posts (id) ON DELETE SET NULL,
  reason text,
  ends timestamptz,
  created timestamptz NOT NULL DEFAULT now()
);
-- serves: GET /api/moderation_log (admins), newest first by keyset on id
CREATE INDEX moderation_log_id_idx ON moderation_log (id DESC);
