/**
 * The admin CLI: `pnpm gwar <command>` at the root of the repository. Account commands use the
 * same configuration as the server (DATA_DIR, DATABASE_URL, ...); release and token commands talk
 * to a running site over its API (`--url`, `--token`), from any machine.
 */
// First: an unsupported Node.js stops here with one line (runtime.ts).
import './runtime.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { REMOTES, type RemoteDir } from 'shared-api/routes';
import { loadConfig } from './config.ts';
import { type Db, openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { createAccount, parseRoles, setRating, setRoles } from './demo/accounts.ts';
import { isDatabaseEmpty, loadDemo } from './demo/index.ts';
import { formatSeconds } from './releases/actions.ts';
import { checkBuild, localShell, printCheck, siteShell } from './releases/check.ts';
import { packDist, publish, ReleaseApiError, read, rpc, type Site, signIn } from './releases/client.ts';
import { localVersion, readBuildFolder } from './releases/localBuilds.ts';
import { parsePause, parseSteps } from './releases/rollout.ts';

const USAGE = `Usage: pnpm gwar <command>

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

const config = loadConfig();

/** PGlite is single-process: refuse to open its folder while the server holds it. */
function assertServerStopped(): void {
  if (config.databaseUrl) return;
  const pidFile = path.join(config.dataDir, 'server.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 0);
  } catch {
    return; // stale file: the server is gone
  }
  throw new Error(
    `the server (pid ${pid}) has the embedded database in ${config.dataDir} open; stop it first (or use DATABASE_URL)`,
  );
}

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  assertServerStopped();
  // An operator's command may run long (a sweep over every post): no request bounds here.
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    bounded: false,
  });
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

function need(args: string[], count: number, usage: string): void {
  if (args.length < count) throw new Error(`usage: pnpm gwar ${usage}`);
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      roles: { type: 'string' },
      rating: { type: 'string' },
      force: { type: 'boolean', default: false },
      reason: { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
      version: { type: 'string' },
      dist: { type: 'string' },
      canary: { type: 'string' },
      steps: { type: 'string' },
      pause: { type: 'string' },
      remote: { type: 'string' },
      name: { type: 'string' },
      'expires-days': { type: 'string' },
      user: { type: 'string' },
      hours: { type: 'string' },
      page: { type: 'string' },
      entry: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...args] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  switch (command) {
    case 'user:create': {
      need(args, 3, 'user:create <name> <email> <password> [--roles moderator,admin] [--rating N]');
      const [username, email, password] = args as [string, string, string];
      const roles = values.roles ? parseRoles(values.roles) : [];
      const rating = values.rating === undefined ? 0 : Number(values.rating);
      if (!Number.isInteger(rating)) throw new Error('--rating must be a whole number');
      const id = await withDb((db) => createAccount(db, { username, email, password, roles, rating }));
      console.log(`created ${username} (id ${id}, roles: ${roles.join(',') || 'none'}, rating ${rating})`);
      return;
    }
    case 'user:role': {
      need(args, 2, 'user:role <name> <roles>');
      const roles = args[1] === 'none' ? [] : parseRoles(args[1]!);
      await withDb((db) => setRoles(db, args[0]!, roles));
      console.log(`${args[0]} now has roles: ${roles.join(',') || 'none'}`);
      return;
    }
    case 'user:rating': {
      need(args, 2, 'user:rating <name> <n>');
      const rating = Number(args[1]);
      await withDb((db) => setRating(db, args[0]!, rating));
      console.log(`${args[0]} now has rating ${rating}`);
      return;
    }
    case 'demo': {
      await withDb(async (db) => {
        if (!values.force && !(await isDatabaseEmpty(db))) {
          console.log('the database already has posts; nothing loaded (use --force to add the demo anyway)');
          return;
        }
        const summary = await loadDemo(config, db, console.log);
        console.log(
          `demo loaded: ${summary.users} users, ${summary.posts} posts, ${summary.micros} microposts, ` +
            `${summary.comments} comments, ${summary.votes} votes`,
        );
      });
      return;
    }
    case 'release':
      await releaseCommand(args, values);
      return;
    case 'token:create': {
      if (!values.remote)
        throw new Error('usage: pnpm gwar token:create --remote mf-feed[,mf-chat] --url <site>');
      const site = await adminSite(values);
      const remotes = values.remote.split(',').map((r) => r.trim());
      const created = await rpc<{ id: number; token: string; expires: string | null }>(
        site,
        'release_token_create',
        {
          name: values.name ?? `${remotes.join('+')} CI`,
          remotes,
          ...(values['expires-days'] ? { expiresInDays: Number(values['expires-days']) } : {}),
        },
      );
      console.log(
        `token ${created.id} for ${remotes.join(', ')}${created.expires ? `, until ${created.expires}` : ''}:`,
      );
      console.log(created.token);
      console.log("It is shown only now: store it as a secret of the team's CI (GWAR_RELEASE_TOKEN).");
      return;
    }
    case 'token:revoke': {
      need(args, 1, 'token:revoke <id> --url <site>');
      await rpc(await adminSite(values), 'release_token_revoke', { id: Number(args[0]) });
      console.log(`token ${args[0]} revoked`);
      return;
    }
    case 'team:add':
    case 'team:remove': {
      need(args, 2, `${command} <remote> <username> --url <site>`);
      const [remote, username] = args as [string, string];
      const call = command === 'team:add' ? 'release_member_add' : 'release_member_remove';
      await rpc(await adminSite(values), call, { remote, username });
      console.log(`${username} ${command === 'team:add' ? 'is now in' : 'has left'} the team of ${remote}`);
      return;
    }
    case 'team:list': {
      const site = values.token || process.env.GWAR_RELEASE_TOKEN ? siteOf(values) : await adminSite(values);
      const rows = await read<
        { remote: string; username: string; added_by: string | null; created: string }[]
      >(site, 'release_members', args[0] ? `remote=eq.${encodeURIComponent(args[0])}` : '');
      for (const r of rows)
        console.log(
          `${r.remote.padEnd(14)} ${r.username.padEnd(24)} added by ${r.added_by ?? '–'}, ${r.created}`,
        );
      if (rows.length === 0) console.log('no members yet: pnpm gwar team:add <remote> <username>');
      return;
    }
    default:
      throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  }
}

type Values = Record<string, string | boolean | undefined>;

function siteOf(values: Values): Site {
  const url = (values.url as string | undefined) ?? process.env.GWAR_URL;
  if (!url) throw new Error('name the site: --url https://… (or GWAR_URL)');
  return { url, token: (values.token as string | undefined) ?? process.env.GWAR_RELEASE_TOKEN };
}

async function adminSite(values: Values): Promise<Site> {
  const site = siteOf(values);
  const user = (values.user as string | undefined) ?? 'admin';
  let password = process.env.GWAR_ADMIN_PASSWORD;
  if (!password) {
    const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    password = await prompt.question(`password of ${user} on ${site.url}: `);
    prompt.close();
  }
  return { url: site.url, cookie: await signIn(site.url, user, password) };
}

/** Paths given on the command line are relative to where `pnpm gwar` was run. */
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

const pct = (failures: number, loads: number) => (loads ? `${((failures / loads) * 100).toFixed(1)}%` : '–');

/** --steps 5,25,50,100 --pause 10m: the plan of a progressive rollout. */
function rolloutPlan(values: Values): { steps: number[]; pauseSeconds: number } {
  if (!values.steps || !values.pause)
    throw new Error('a rollout needs --steps (5,25,50,100) and --pause (10m)');
  return { steps: parseSteps(values.steps as string), pauseSeconds: parsePause(values.pause as string) };
}

const planText = (plan: { steps: number[]; pauseSeconds: number }) =>
  `rollout ${plan.steps.join('% → ')}%, at least ${formatSeconds(plan.pauseSeconds)} a step`;

/** --force --reason "…": canary a release the health guard rolled back (it is quarantined). */
function override(values: Values): { force?: true; reason?: string } {
  if (!values.force) return {};
  if (!values.reason) throw new Error('--force needs --reason "why this release may run again"');
  return { force: true, reason: values.reason as string };
}

/** `release check`: needs no token, and no site when the local shell build is there. */
async function releaseCheck(remote: string | undefined, values: Values): Promise<void> {
  const remotes = Object.values(REMOTES) as RemoteDir[];
  if (!remote || !remotes.includes(remote as RemoteDir))
    throw new Error(`usage: pnpm gwar release check <${remotes.join('|')}> [--dist DIR] [--url SITE]`);
  const dist = values.dist
    ? fromCaller(values.dist as string)
    : path.resolve(import.meta.dirname, '..', '..', remote, 'dist');
  const url = (values.url as string | undefined) ?? process.env.GWAR_URL;
  const shell = url ? await siteShell({ url }) : localShell(config.appsDir);
  const against = url
    ? `the shell ${url} serves`
    : `the local shell build (${path.join(config.appsDir, 'shell', 'dist')})`;
  const result = await checkBuild(remote as RemoteDir, dist, shell);
  if (!printCheck(remote as RemoteDir, against, result)) process.exitCode = 1;
}

async function releaseCommand(args: string[], values: Values): Promise<void> {
  const [verb, remote, ...rest] = args;
  if (verb === 'check') return releaseCheck(remote, values);
  const site = siteOf(values);
  switch (verb) {
    case 'publish': {
      if (!remote) throw new Error('usage: pnpm gwar release publish <remote> [--version V] [--dist DIR]');
      const appDir = path.resolve(import.meta.dirname, '..', '..', remote);
      const dist = values.dist ? fromCaller(values.dist as string) : path.join(appDir, 'dist');
      const version = (values.version as string | undefined) ?? localVersion(appDir, readBuildFolder(dist));
      const archive = await packDist(dist);
      const result = await publish(site, remote, version, archive);
      console.log(
        `${remote}@${version}: ${result.created ? 'published' : 'already published (same files)'}` +
          `${result.stable ? ', and stable (the first release)' : ''} (${(archive.length / 1024).toFixed(0)} KiB)`,
      );
      if (values.steps || values.pause) {
        const plan = rolloutPlan(values);
        await rpc(site, 'release_rollout', { remote, version, ...plan, ...override(values) });
        console.log(`${remote}@${version}: ${planText(plan)}`);
      } else if (values.canary) {
        await rpc(site, 'release_canary', {
          remote,
          version,
          percent: Number(values.canary),
          ...override(values),
        });
        console.log(`${remote}@${version}: canary for ${values.canary}% of visitors`);
      }
      return;
    }
    case 'canary': {
      need(rest, 2, 'release canary <remote> <version> <percent> [--force --reason TEXT]');
      await rpc(site, 'release_canary', {
        remote,
        version: rest[0],
        percent: Number(rest[1]),
        ...override(values),
      });
      console.log(`${remote}@${rest[0]}: canary for ${rest[1]}% of visitors`);
      return;
    }
    case 'rollout': {
      need(rest, 1, 'release rollout <remote> <version> --steps 5,25,50,100 --pause 10m');
      const plan = rolloutPlan(values);
      await rpc(site, 'release_rollout', { remote, version: rest[0], ...plan, ...override(values) });
      console.log(`${remote}@${rest[0]}: ${planText(plan)}`);
      return;
    }
    case 'promote': {
      const answer = await rpc<{ channel: { stable: string } }>(site, 'release_promote', {
        remote,
        ...(rest[0] ? { version: rest[0] } : {}),
      });
      console.log(`${remote}@${answer.channel.stable} is stable for everybody`);
      return;
    }
    case 'rollback': {
      const answer = await rpc<{ action?: string }>(site, 'release_rollback', {
        remote,
        ...(rest[0] ? { version: rest[0] } : {}),
      });
      console.log(`${remote}: ${answer.action}`);
      return;
    }
    case 'list': {
      if (!remote) throw new Error('usage: pnpm gwar release list <remote>');
      const rows = await read<
        { version: string; created: string; actor: string; channel: string | null; bytes: number }[]
      >(site, 'releases', `remote=eq.${encodeURIComponent(remote)}&order=created.desc&limit=50`);
      for (const r of rows) {
        console.log(`${r.version.padEnd(28)} ${r.created}  ${(r.channel ?? '').padEnd(7)} ${r.actor}`);
      }
      return;
    }
    case 'history': {
      const rows = await read<
        {
          created: string;
          remote: string;
          action: string;
          from: string | null;
          to: string | null;
          percent: number | null;
          actor: string;
          reason: string | null;
        }[]
      >(
        site,
        'release_log',
        `${remote ? `remote=eq.${encodeURIComponent(remote)}&` : ''}order=id.desc&limit=50`,
      );
      for (const r of rows) {
        const share = r.percent === null ? '' : ` ${r.percent}%`;
        console.log(
          `${r.created}  ${r.remote} ${r.action} ${r.from ?? '–'} → ${r.to ?? '–'}${share}  by ${r.actor}${r.reason ? `: ${r.reason}` : ''}`,
        );
      }
      return;
    }
    case 'status': {
      const rows = await read<
        {
          remote: string;
          stable: string;
          canary: string | null;
          percent: number;
          stable_loads: number;
          stable_failures: number;
          canary_loads: number;
          canary_failures: number;
          steps: number[] | null;
          verdict: {
            state: string;
            reason: string;
            step: { step: number; of: number; pauseEnds: string } | null;
          } | null;
        }[]
      >(site, 'release_channels');
      for (const r of rows) {
        const canary = r.canary
          ? `canary ${r.canary} at ${r.percent}% (${pct(r.canary_failures, r.canary_loads)} failed of ${r.canary_loads})`
          : 'no canary';
        console.log(
          `${r.remote.padEnd(14)} stable ${r.stable} (${pct(r.stable_failures, r.stable_loads)} failed of ${r.stable_loads}); ${canary}`,
        );
        if (r.canary && r.steps) {
          const step = r.verdict?.step;
          console.log(
            `${''.padEnd(14)} rollout ${r.steps.join('% → ')}%${step ? `: step ${step.step} of ${step.of}, pause ends ${step.pauseEnds}` : ''}`,
          );
        }
        if (r.canary && r.verdict)
          console.log(`${''.padEnd(14)} guard: ${r.verdict.state}: ${r.verdict.reason}`);
      }
      return;
    }
    case 'preview':
    case 'dev': {
      if (verb === 'preview') need(rest, 1, 'release preview <remote> <version> [--hours H] [--page /path]');
      else if (!values.entry)
        throw new Error(
          'usage: pnpm gwar release dev <remote> --entry http://localhost:<port>/remoteEntry.js',
        );
      const link = await rpc<{ url: string; id: string; expires: string }>(
        site,
        verb === 'preview' ? 'release_preview' : 'release_dev_override',
        {
          remote,
          ...(verb === 'preview' ? { version: rest[0] } : { entry: values.entry }),
          ...(values.hours ? { hours: Number(values.hours) } : {}),
          ...(values.page ? { page: values.page } : {}),
        },
      );
      const what = verb === 'preview' ? `${remote}@${rest[0]}` : `${remote} from ${values.entry}`;
      console.log(
        `Preview of ${what} until ${link.expires} (link ${link.id}); open it signed in as an admin or a member of the team of ${remote}:`,
      );
      console.log(link.url);
      return;
    }
    default:
      throw new Error(`unknown release command "${verb ?? ''}"\n\n${USAGE}`);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ReleaseApiError) console.error(`gwar: ${error.message}`);
  else console.error(`gwar: ${(error as Error).message}`);
  process.exitCode = 1;
}
