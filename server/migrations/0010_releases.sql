-- Releases of the remotes (server/src/releases/): every remote is served only from published,
-- immutable versions; which one a visitor gets (stable, or a canary for a share of cohorts) is
-- one row per remote here, so every API node agrees and a change is one transaction, announced
-- on the `releases` channel (LISTEN/NOTIFY) and recorded in the release log.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

CREATE TABLE releases (
  remote text NOT NULL,                         -- folder name: mf-feed, mf-chat, …
  version text NOT NULL CHECK (version ~ '^[A-Za-z0-9._-]{1,64}$'),
  digest text NOT NULL,                         -- sha256 of the release's files (names and bytes)
  files integer NOT NULL,
  bytes bigint NOT NULL,
  shared jsonb NOT NULL,                        -- the remote's shared singletons {name: version}
  exposes text[] NOT NULL,
  actor text NOT NULL,                          -- who published it: 'token:<name>', 'user:<name>', 'npm start'
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (remote, version)                 -- serves: serving /mf/<remote>@<version>/…, every action's existence check
);
-- serves: GET /api/releases?remote=eq.X&order=created.desc (the admin page's and the CLI's list)
CREATE INDEX releases_remote_created_idx ON releases (remote, created DESC);

CREATE TABLE release_channels (
  remote text PRIMARY KEY,                      -- serves: the registry read (all rows) and each action's row lock
  stable text NOT NULL,
  canary text,
  percent integer NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
  canary_started timestamptz,                   -- health is judged on events since then
  updated timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (remote, stable) REFERENCES releases (remote, version),
  FOREIGN KEY (remote, canary) REFERENCES releases (remote, version),
  CHECK ((canary IS NULL) = (percent = 0)),
  CHECK (canary IS DISTINCT FROM stable)
);

CREATE TABLE release_log (
  id bigserial PRIMARY KEY,
  remote text NOT NULL,
  action text NOT NULL CHECK (action IN ('publish', 'canary', 'percent', 'promote', 'rollback', 'auto-rollback')),
  from_version text,
  to_version text,
  percent integer,
  actor text NOT NULL,
  reason text,
  created timestamptz NOT NULL DEFAULT now()
);
-- serves: GET /api/release_log?remote=eq.X&order=id.desc and "the stable before this one" (rollback)
CREATE INDEX release_log_remote_idx ON release_log (remote, id DESC);

-- Per-team tokens for the release API: only the SHA-256 of the token is kept (shown once).
CREATE TABLE release_tokens (
  id serial PRIMARY KEY,
  name text NOT NULL,
  remotes text[] NOT NULL CHECK (cardinality(remotes) > 0),
  token_hash bytea NOT NULL UNIQUE,             -- serves: the lookup of every Bearer token
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created timestamptz NOT NULL DEFAULT now(),
  expires timestamptz,
  revoked timestamptz,
  last_used timestamptz
);

-- Load and failure counts reported by browsers (POST /api/release-health), per release and
-- minute; each node adds its own counts every few seconds, so a canary's health is judged on
-- what every node saw.
CREATE TABLE release_health (
  remote text NOT NULL,
  version text NOT NULL,
  minute timestamptz NOT NULL,
  loads integer NOT NULL DEFAULT 0,
  failures integer NOT NULL DEFAULT 0,
  -- serves: the upsert of each flush and the window sums per release (remote, version, minute >= …)
  PRIMARY KEY (remote, version, minute),
  FOREIGN KEY (remote, version) REFERENCES releases (remote, version) ON DELETE CASCADE
);
