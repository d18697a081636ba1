-- Core schema: accounts, posts (titled posts, microposts and comments in one table),
-- per-user state about a post, follows/blocks, tags, files, notifications.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18): nothing newer than 15 is used.
-- Each index names the query it serves.

CREATE TABLE files (
  file text PRIMARY KEY,                       -- public name, e.g. 'k3j9d0a2b1.webp' (spec §5: 7-14 chars + ext)
  user_id integer NOT NULL,
  mime text NOT NULL,
  bytes integer NOT NULL,
  width integer,
  height integer,
  created timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  status text NOT NULL DEFAULT 'inactive' CHECK (status IN ('inactive', 'active', 'banned')),
  roles text[] NOT NULL DEFAULT '{}',
  rating integer NOT NULL DEFAULT 0,
  theme text NOT NULL DEFAULT 'dark' CHECK (theme IN ('dark', 'light', 'default')),
  nsfw text NOT NULL DEFAULT 'hidden' CHECK (nsfw IN ('hidden', 'visible')),
  avatar text REFERENCES files (file) ON DELETE SET NULL,
  posts integer NOT NULL DEFAULT 0,            -- public top-level posts written (kept by triggers)
  comments integer NOT NULL DEFAULT 0,         -- public comments written (kept by triggers)
  notifs integer NOT NULL DEFAULT 0,           -- unread notifications (kept by triggers)
  chats integer NOT NULL DEFAULT 0,            -- unread chats (kept by triggers)
  seen timestamptz NOT NULL DEFAULT now(),     -- presence: last request, refreshed at most every 30 s
  created timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE files ADD CONSTRAINT files_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
-- serves: sign-in, profile and mention lookups by name; names are unique regardless of case
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
-- serves: sign-up and reset by e-mail; unique regardless of case
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
-- serves: mention autocomplete GET /api/profiles?user=like.{prefix}*&order=user.asc&limit=10
CREATE INDEX users_username_prefix_idx ON users (username text_pattern_ops);

CREATE TABLE sessions (
  token_hash bytea PRIMARY KEY,                -- sha256 of the cookie's random token; the token itself is never stored
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created timestamptz NOT NULL DEFAULT now(),
  expires timestamptz NOT NULL
);
-- serves: revoking every session of a user (logout everywhere, password change, ban)
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE posts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('post', 'micro', 'comment')),   -- titled post, micropost, comment
  mode text NOT NULL DEFAULT 'public' CHECK (mode IN ('public', 'draft', 'deleted', 'excluded')),
  title text,
  url text,
  source text NOT NULL DEFAULT '',             -- the body as the author wrote it (for editing)
  body text NOT NULL DEFAULT '',               -- rendered once on write, allowlisted HTML
  words integer NOT NULL DEFAULT 0,
  files text[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  domains text[] NOT NULL DEFAULT '{}',
  parent integer REFERENCES posts (id),        -- the post replied to
  root integer REFERENCES posts (id),          -- top comment of the sub-thread (null for top-level posts)
  uber integer REFERENCES posts (id),          -- top post of the thread (itself for top-level posts)
  replies integer NOT NULL DEFAULT 0,          -- public comments below (whole thread for top posts)
  opens integer NOT NULL DEFAULT 0,
  upvotes integer NOT NULL DEFAULT 0,
  downvotes integer NOT NULL DEFAULT 0,
  hot double precision NOT NULL DEFAULT 0,     -- rank for the home feed, refreshed in small batches
  active timestamptz NOT NULL DEFAULT now(),   -- last reply in the sub-tree (comment sort 'active')
  created timestamptz NOT NULL DEFAULT now(),
  updated timestamptz,
  CHECK ((kind = 'comment') = (parent IS NOT NULL))
);
-- serves: the modal thread GET /api/posts?uber=eq.{post}&order=created.asc
CREATE INDEX posts_thread_idx ON posts (uber, created, id);
-- serves: a user's posts on profiles, newest first, by keyset
CREATE INDEX posts_user_created_idx ON posts (user_id, created DESC, id DESC) WHERE parent IS NULL;

-- Everything one user did to one post, joined once per feed for the viewer's own fields.
CREATE TABLE post_actions (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  vote smallint CHECK (vote IN (-1, 1)),
  voted timestamptz,
  favorite timestamptz,                        -- when favourited; null when not
  report text CHECK (report IN ('rules', 'porn', 'nsfw')),
  reported timestamptz,
  PRIMARY KEY (user_id, post_id)               -- serves: the viewer join in every feed and thread
);
-- serves: GET /api/votes?post=eq.{post} (upvoters and downvoters)
CREATE INDEX post_actions_voters_idx ON post_actions (post_id, voted) WHERE vote IS NOT NULL;
-- serves: /favorites, newest favourite first
CREATE INDEX post_actions_favorites_idx ON post_actions (user_id, favorite DESC) WHERE favorite IS NOT NULL;

CREATE TABLE tags (
  tag text PRIMARY KEY,
  owner integer REFERENCES users (id) ON DELETE SET NULL,
  about text NOT NULL DEFAULT '',              -- as written
  about_html text NOT NULL DEFAULT '',         -- rendered and sanitized
  count integer NOT NULL DEFAULT 0,            -- public top-level posts carrying the tag (kept by triggers)
  created timestamptz NOT NULL DEFAULT now()
);
-- serves: tag autocomplete GET /api/tags?tag=like.{prefix}*&owner=is.null&count=gt.10&order=tag.asc
CREATE INDEX tags_autocomplete_idx ON tags (tag text_pattern_ops) WHERE owner IS NULL;
-- serves: /tags (the signed-in user's own tags)
CREATE INDEX tags_owner_idx ON tags (owner) WHERE owner IS NOT NULL;

-- Follows and blocks of users, tags and domains: exactly one target per row.
CREATE TABLE perks (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('follow', 'block')),
  target_user integer REFERENCES users (id) ON DELETE CASCADE,
  target_tag text,
  target_domain text,
  created timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(target_user, target_tag, target_domain) = 1)
);
-- serves: follow/block toggles and GET /api/perks?username=eq.{user} for the viewer; /blocks, /follows
CREATE UNIQUE INDEX perks_user_target_user_key ON perks (user_id, action, target_user) WHERE target_user IS NOT NULL;
-- serves: as above for tags
CREATE UNIQUE INDEX perks_user_target_tag_key ON perks (user_id, action, target_tag) WHERE target_tag IS NOT NULL;
-- serves: as above for domains
CREATE UNIQUE INDEX perks_user_target_domain_key ON perks (user_id, action, target_domain) WHERE target_domain IS NOT NULL;
-- serves: "has the author blocked the viewer" before votes, mentions and messages
CREATE INDEX perks_blocked_by_idx ON perks (target_user, user_id) WHERE action = 'block' AND target_user IS NOT NULL;

CREATE TABLE notifications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('reply', 'mention')),
  post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  actor_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seen boolean NOT NULL DEFAULT false,
  created timestamptz NOT NULL DEFAULT now()
);
-- serves: /notifs, newest first, by keyset on id
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
