-- Web Vitals per release, errors per release, and who sends the alert of a held step
-- (server/src/releases/vitals.ts, errors.ts, alerts.ts).
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- One page view's Web Vitals for one release that drew it (shell/src/remotes/signals.ts): counted
-- only for the releases the page's health token names, as page loads are (migration 0018); a
-- later report of the same page view replaces the figures it holds (CLS grows until the page is
-- hidden). Kept as long as page loads (server/src/releases/health.ts KEEP_HOURS).
CREATE TABLE release_vitals (
  token text NOT NULL,   -- the page load's id, from its signed token
  remote text NOT NULL,
  version text NOT NULL,
  lcp real,              -- Largest Contentful Paint, ms
  inp real,              -- Interaction to Next Paint, ms (none without an interaction)
  cls real,              -- Cumulative Layout Shift, a score
  ttfb real,             -- Time to First Byte, ms
  seen timestamptz NOT NULL DEFAULT now(),
  -- serves: each report's upsert (one row per page view and release)
  PRIMARY KEY (token, remote, version),
  FOREIGN KEY (remote, version) REFERENCES releases (remote, version) ON DELETE CASCADE
);
-- serves: the guard's and the admin page's p75 per release in the guard's window
-- (remote = $1 AND version IN (stable, canary) AND seen >= …)
CREATE INDEX release_vitals_window_idx ON release_vitals (remote, version, seen);
-- serves: the sweep of rows past the page loads' retention (DELETE … WHERE seen < now() - …)
CREATE INDEX release_vitals_seen_idx ON release_vitals (seen);

-- Errors per release, aggregated: one row per message and stack (the fingerprint), with how often
-- and when last; the shell's own under remote 'shell' and the shell build's version. Bounded: at
-- most server/src/releases/errors.ts ERRORS_PER_RELEASE rows a release (a new kind of error past
-- that is dropped), each message and frame bounded by its CHECK, swept after ERRORS_KEEP_DAYS.
CREATE TABLE release_errors (
  remote text NOT NULL CHECK (remote = 'shell' OR remote ~ '^mf-[a-z]+$'),
  version text NOT NULL CHECK (length(version) <= 64),
  fingerprint text NOT NULL CHECK (length(fingerprint) <= 64),
  message text NOT NULL CHECK (length(message) <= 300),
  frames text[] NOT NULL CHECK (cardinality(frames) <= 10),
  count integer NOT NULL DEFAULT 1 CHECK (count > 0),
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  -- serves: each report's upsert (count + 1), and the count of a release's rows before a new one
  PRIMARY KEY (remote, version, fingerprint)
);
-- serves: the admin page's most frequent errors of a release
-- (GET /api/release_errors?remote=eq.X&version=eq.Y&order=count.desc)
CREATE INDEX release_errors_top_idx ON release_errors (remote, version, count DESC);
-- serves: the sweep of errors not seen for ERRORS_KEEP_DAYS (DELETE … WHERE last_seen < …)
CREATE INDEX release_errors_seen_idx ON release_errors (last_seen);

-- The step whose hold for lack of traffic was announced (server/src/releases/alerts.ts): the
-- node whose UPDATE sets it sends the alert, so of several nodes judging at once exactly one does.
ALTER TABLE release_channels ADD COLUMN hold_alerted timestamptz;
