/** `pnpm gwar --help`: every command of the admin CLI. */
import { REMOTES } from 'shared-api/routes';

export const USAGE = `Usage: pnpm gwar <command>

  user:create <name> <email> <password> [--roles moderator,admin] [--rating N]
  user:role <name> <roles>            roles: comma-separated (moderator,admin) or "none"
  user:rating <name> <n>
  demo [--force]                      load the demo content (only into an empty database unless --force)

Releases, through a running site's API (--url or GWAR_URL; --token or GWAR_RELEASE_TOKEN):
  release check <remote> [--dist DIR] [--url SITE]
                                      the upload's checks on <remote>/dist (or DIR), before it is
                                      uploaded: exposed modules, shared singletons, tree-shaken
                                      exports, file types and sizes, against the shell SITE serves
                                      (or, with no site, the local shell/dist); exit 1 on a problem
  release publish <remote> [--version V] [--dist DIR] [--canary N | --steps S --pause P]
                                      upload <remote>/dist (or DIR) as release V (default: its
                                      package version and content hash); --canary starts it at N %,
                                      --steps a progressive rollout (as release rollout)
  release rollout <remote> <version> --steps 5,25,50,100 --pause 10m [--force --reason TEXT]
                                      a canary at each share in turn, each for at least the pause
                                      (10s-7d: 90s, 10m, 1h30m) and until the health guard judged
                                      it healthy on enough page loads; promoted after the last (100)
  release canary <remote> <version> <percent> [--force --reason TEXT]
                                      N % of visitors (1-99) get <version>; again to change N;
                                      a release the health guard rolled back needs --force
                                      and --reason (kept in the release log)
  release promote <remote> [version]  make the canary (or <version>) stable for everybody
  release rollback <remote> [version] end the canary; without one, back to the stable before;
                                      with <version>, make that earlier release stable
  release list <remote>               published releases, newest first
  release history [remote]            the release log
  release status                      each remote's stable and canary, with health counts
  release preview <remote> <version> [--hours H] [--page /path]
                                      a link (at most 8 hours) that makes the browser of an admin
                                      or a member of the remote's team load <version> on the site;
                                      nobody else sees it, the health guard does not count it
  release dev <remote> --entry http://localhost:<port>/remoteEntry.js [--hours H] [--page /path]
                                      the same for a local build (at most 2 hours), where the
                                      site's operator set RELEASE_DEV_OVERRIDES=1
  team:add <remote> <username> [--user admin]
  team:remove <remote> <username> [--user admin]
                                      who is in the team of <remote>: may open its preview links
                                      (asks for the admin's password, as token:create)
  team:list [remote]                  the members of each team (a token, or --user admin)
  token:create --remote <r>[,<r>…] [--name N] [--expires-days D] [--user admin]
                                      a release token for a team's CI (shown once); asks for
                                      the admin's password (or GWAR_ADMIN_PASSWORD)
  token:revoke <id> [--user admin]

<remote> is a remote folder (${Object.values(REMOTES).join(', ')}).`;
