/**
 * Starts the server: opens the database (PGlite in the data folder, or DATABASE_URL),
 * applies migrations, and serves until SIGTERM/SIGINT, then finishes in-flight requests
 * and closes the database.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';

const config = loadConfig();
const db = await openDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
// The embedded database belongs to one process: `pnpm gwar` checks this file before opening it.
const pidFile = path.join(config.dataDir, 'server.pid');
if (db.kind === 'pglite') writeFileSync(pidFile, String(process.pid));
const applied = await migrate(db);
if (config.demoContent) {
  const { loadDemoIfEmpty } = await import('./demo/index.ts');
  await loadDemoIfEmpty(config, db);
}
const app = await buildApp(config, db);
if (applied.length) app.log.info({ applied }, 'migrations applied');
if (config.publishLocalBuilds) {
  const { publishLocalBuilds } = await import('./releases/localBuilds.ts');
  await publishLocalBuilds(config, db, app.services.releases, app.log);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await app.close(); // stops accepting, waits for in-flight requests
  } finally {
    await db.close();
    if (db.kind === 'pglite') rmSync(pidFile, { force: true });
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Gwar listens on ${config.publicOrigin} (database: ${db.kind})`);
