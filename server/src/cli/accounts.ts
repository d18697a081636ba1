/**
 * The account commands (`user:create`, `user:role`, `user:rating`, `demo`): they open the database
 * themselves, with the same configuration as the server (DATA_DIR, DATABASE_URL, ...).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { type Db, openDb } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { createAccount, parseRoles, setRating, setRoles } from '../demo/accounts.ts';
import { isDatabaseEmpty, loadDemo } from '../demo/index.ts';
import { need, type Values } from './args.ts';

/** PGlite is single-process: refuse to open its folder while the server holds it. */
function assertServerStopped(config: Config): void {
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

async function withDb<T>(config: Config, fn: (db: Db) => Promise<T>): Promise<T> {
  assertServerStopped(config);
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

export async function accountCommand(
  config: Config,
  command: string,
  args: string[],
  values: Values,
): Promise<void> {
  switch (command) {
    case 'user:create': {
      need(args, 3, 'user:create <name> <email> <password> [--roles moderator,admin] [--rating N]');
      const [username, email, password] = args as [string, string, string];
      const roles = values.roles ? parseRoles(values.roles) : [];
      const rating = values.rating === undefined ? 0 : Number(values.rating);
      if (!Number.isInteger(rating)) throw new Error('--rating must be a whole number');
      const id = await withDb(config, (db) =>
        createAccount(db, { username, email, password, roles, rating }),
      );
      console.log(`created ${username} (id ${id}, roles: ${roles.join(',') || 'none'}, rating ${rating})`);
      return;
    }
    case 'user:role': {
      need(args, 2, 'user:role <name> <roles>');
      const roles = args[1] === 'none' ? [] : parseRoles(args[1]!);
      await withDb(config, (db) => setRoles(db, args[0]!, roles));
      console.log(`${args[0]} now has roles: ${roles.join(',') || 'none'}`);
      return;
    }
    case 'user:rating': {
      need(args, 2, 'user:rating <name> <n>');
      const rating = Number(args[1]);
      await withDb(config, (db) => setRating(db, args[0]!, rating));
      console.log(`${args[0]} now has rating ${rating}`);
      return;
    }
    case 'demo': {
      await withDb(config, async (db) => {
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
    default:
      throw new Error(`unknown account command "${command}"`);
  }
}
