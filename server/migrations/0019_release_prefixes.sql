-- Where a release's files are in the release store (issue 21, point 6: one upload of a version
-- wins, intact). Uploads used to write straight under `<remote>/<version>/`, after deleting it:
-- two uploads of one version at once mixed their files there, and `/mf/` served whatever the
-- store held, recorded or not. Now each upload writes under a prefix named by its own digest,
-- `<remote>/<version>/<digest>/`, so uploads of other bytes never touch each other's files and
-- uploads of the same bytes write the same bytes; the one whose row is inserted is the release,
-- and `/mf/` serves only the prefix its row names (server/src/releases/actions.ts, prefixes.ts).
-- Releases published before keep their files where they are: their prefix is `<remote>/<version>`.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

ALTER TABLE releases ADD COLUMN prefix text;
UPDATE releases SET prefix = remote || '/' || version;
ALTER TABLE releases ALTER COLUMN prefix SET NOT NULL;
-- The old layout, or the content-addressed one of its own digest: nothing else.
ALTER TABLE releases ADD CONSTRAINT releases_prefix_check
  CHECK (prefix = remote || '/' || version OR prefix = remote || '/' || version || '/' || digest);
