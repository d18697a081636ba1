-- Previews of any published version, and a local build on the deployed site (issue 22, points 2
-- and 3; server/src/releases/previews.ts). A team's token or an admin makes a signed link; the
-- browser that opens it must belong to an admin or to a member of the team that owns the remote.
-- Teams were only their release tokens (a name and remotes), which no account holds: the members
-- of each remote's team are named here by admins, per remote, as the tokens name remotes.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

CREATE TABLE release_members (
  remote text NOT NULL CHECK (remote ~ '^mf-[a-z]+$'),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  added_by integer REFERENCES users (id) ON DELETE SET NULL,
  created timestamptz NOT NULL DEFAULT now(),
  -- serves: "is this account in the team of mf-chat?" (opening a link, each previewed page load),
  -- and the admin page's list by remote
  PRIMARY KEY (remote, user_id)
);
-- serves: deleting an account (the cascade finds its memberships)
CREATE INDEX release_members_user_idx ON release_members (user_id);

-- 'preview': a preview link was made or opened; 'dev-override': the same for a local build;
-- 'team': an admin added or removed a member of a remote's team.
ALTER TABLE release_log DROP CONSTRAINT release_log_action_check;
ALTER TABLE release_log ADD CONSTRAINT release_log_action_check
  CHECK (action IN ('publish', 'canary', 'percent', 'step', 'promote', 'rollback', 'auto-rollback',
                    'preview', 'dev-override', 'team'));
