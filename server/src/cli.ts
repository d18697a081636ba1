/**
 * The admin CLI: `pnpm gwar <command>` at the root of the repository. Uses the same
 * configuration as the server (DATA_DIR, DATABASE_URL, REMOTES_FILE, ...).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { type Db, openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { createAccount, parseRoles, setRating, setRoles } from './demo/accounts.ts';
import { isDatabaseEmpty, loadDemo } from './demo/index.ts';
import { promoteRemote, publishRemote, readRegistryFile, rollbackRemote, setCanary } from './demo/remotes.ts';

const USAGE = `Usage: pnpm gwar <command>

  user:create <name> <email> <password> [--roles moderator,admin] [--rating N]
  user:role <name> <roles>            roles: comma-separated (moderator,admin) or "none"
  user:rating <name> <n>
  demo [--force]                      load the demo content (only into an empty database unless --force)
  remote:publish <app> <version> [--force]
                                      copy <app>/dist to data/remotes/<app>/<version>/ (served at /mf/<app>@<version>/)
  remote:canary <app> <version> <percent>
  remote:promote <app> <version>      make a published version stable for everybody
  remote:rollback <app>               end the canary (or, without one, go back to the local build)
  remote:status

<app> is a remote folder (mf-feed, mf-post, mf-chat, mf-moderation, mf-account).`;

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
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
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
    case 'remote:publish': {
      need(args, 2, 'remote:publish <app> <version>');
      const manifest = publishRemote(config, args[0]!, args[1]!, values.force);
      console.log(`published: ${manifest}`);
      return;
    }
    case 'remote:canary': {
      need(args, 3, 'remote:canary <app> <version> <percent>');
      setCanary(config, args[0]!, args[1]!, Number(args[2]));
      console.log(`${args[0]}@${args[1]} now serves ${args[2]}% of visitors (by cohort)`);
      return;
    }
    case 'remote:promote': {
      need(args, 2, 'remote:promote <app> <version>');
      promoteRemote(config, args[0]!, args[1]!);
      console.log(`${args[0]}@${args[1]} is now stable for everybody`);
      return;
    }
    case 'remote:rollback': {
      need(args, 1, 'remote:rollback <app>');
      console.log(rollbackRemote(config, args[0]!).action);
      return;
    }
    case 'remote:status': {
      console.log(JSON.stringify(readRegistryFile(config), null, 2));
      return;
    }
    default:
      throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error(`gwar: ${(error as Error).message}`);
  process.exitCode = 1;
}
