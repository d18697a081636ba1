-- Canary health from real page loads only (issue 21). Browsers' reports used to be counted as
-- events: anyone could post made-up failures or successes for any release and steer the guard.
-- Now the page that hands a visitor its registry also hands a signed token naming the releases
-- and channels it was given (server/src/releases/healthToken.ts); a report counts only with a
-- valid token, only for those releases, and at most one load and one failed load per token and
-- release: a row here is one page load's outcome for one release.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- Secrets every API node shares (the health tokens' HMAC key), made by the first node to start.
CREATE TABLE site_keys (
  name text PRIMARY KEY,
  secret bytea NOT NULL CHECK (octet_length(secret) >= 32),
  created timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE release_page_loads (
  token text NOT NULL,                   -- the page load's id, from its signed token
  remote text NOT NULL,
  version text NOT NULL,
  loaded boolean NOT NULL DEFAULT false, -- the release loaded, or failed to (a load either way)
  failed boolean NOT NULL DEFAULT false, -- it failed to load, to render, or threw
  seen timestamptz NOT NULL DEFAULT now(),
  -- serves: each report's upsert (one row per page load and release; a replay changes nothing)
  PRIMARY KEY (token, remote, version),
  FOREIGN KEY (remote, version) REFERENCES releases (remote, version) ON DELETE CASCADE
);
-- serves: the guard's and the admin page's counts per release since the window's start
-- (remote = $1 AND version = ANY(...) AND seen >= …), and the sweep of old rows (seen < …)
CREATE INDEX release_page_loads_window_idx ON release_page_loads (remote, version, seen);
-- serves: the sweep of rows past the longest window (DELETE … WHERE seen < now() - …)
CREATE INDEX release_page_loads_seen_idx ON release_page_loads (seen);

-- Event counts per minute, which anyone could inflate: replaced by the rows above.
DROP TABLE release_health;
