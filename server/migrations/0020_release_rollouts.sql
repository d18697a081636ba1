-- Progressive rollouts and the guard's reasoning (issue 21, points 4 and 10).
-- A canary may follow a plan of shares (`steps`, e.g. {5,25,50,100}): the health guard moves it
-- to the next share when the current one has run `pause_seconds`, is healthy and had enough page
-- loads of its own, and promotes it after the last (server/src/releases/rollout.ts). The guard
-- also writes what it concluded (`verdict`), so the admin page shows the reasoning of the guard
-- itself, the same on every API node, instead of working it out again.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

ALTER TABLE release_channels
  -- the plan's shares, ascending, the last one 100 (the promotion); null: a canary moved by hand
  ADD COLUMN steps smallint[],
  ADD COLUMN pause_seconds integer,
  -- when the canary reached its current share (the step's page loads are counted from here)
  ADD COLUMN step_started timestamptz,
  -- the guard's last verdict on the running canary: {state, reason, canary, stable, …}
  ADD COLUMN verdict jsonb,
  ADD COLUMN verdict_at timestamptz,
  ADD CONSTRAINT release_channels_rollout_check CHECK (
    (steps IS NULL) = (pause_seconds IS NULL)
    AND (steps IS NULL OR (canary IS NOT NULL AND cardinality(steps) BETWEEN 2 AND 10 AND pause_seconds > 0))
  );

-- A canary started before this migration counts its current share from its start.
UPDATE release_channels SET step_started = canary_started WHERE canary IS NOT NULL;

-- 'step': the guard moved a rollout to its next share (the log keeps the figures it judged).
ALTER TABLE release_log DROP CONSTRAINT release_log_action_check;
ALTER TABLE release_log ADD CONSTRAINT release_log_action_check
  CHECK (action IN ('publish', 'canary', 'percent', 'step', 'promote', 'rollback', 'auto-rollback'));
