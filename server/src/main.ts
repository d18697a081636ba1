/**
 * Starts the server: opens the database (PGlite in the data folder, or DATABASE_URL),
 * applies migrations, and serves until SIGTERM/SIGINT, then finishes in-flight requests
 * and closes the database.
 */
// First: an unsupported Node.js stops here with one line (runtime.ts).
import './runtime.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type Db, openDb } from './db/index.ts';
import { DataDirError, lockDataDir } from './db/lock.ts';
import { migrate } from './db/migrate.ts';

/** How long SIGTERM waits for in-flight requests and the database before giving up (exit 1). */
export const SHUTDOWN_LIMIT_MS = 10_000;

const config = loadConfig();

/** A start-up failure is one clear line and exit code 1, not a stack trace. */
function refuseToStart(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`gwar: cannot start: ${message}\n`);
  if (!(error instanceof DataDirError) && error instanceof Error && error.stack) {
    process.stderr.write(`${error.stack}\n`);
  }
  process.exit(1);
}

// The embedded database belongs to one process (db/lock.ts); taken before PGlite opens the folder.
let lock: { release(): void } | null = null;
let db: Db;
try {
  if (!config.databaseUrl) lock = lockDataDir(config.dataDir);
  db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
  });
} catch (error) {
  lock?.release();
  refuseToStart(error);
}
const applied = await migrate(db).catch((error: unknown) => {
  lock?.release();
  refuseToStart(error);
});
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
  const started = Date.now();
  const force = setTimeout(() => {
    app.log.error({ signal }, `shutdown took over ${SHUTDOWN_LIMIT_MS} ms; exiting`);
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS);
  force.unref();
  let code = 0;
  try {
    // Stops accepting, answers 503 to requests on kept-alive connections, ends live streams
    // (preClose in http/live.ts), waits for in-flight requests, then stops background jobs.
    await app.close();
  } catch (error) {
    code = 1;
    app.log.error({ err: error }, 'closing the server failed');
  }
  try {
    await db.close(); // PGlite: a clean shutdown of the embedded database (checkpoint)
  } catch (error) {
    code = 1;
    app.log.error({ err: error }, 'closing the database failed');
  }
  lock?.release();
  app.log.info({ signal, ms: Date.now() - started }, 'stopped');
  process.exit(code);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Gwar listens on ${config.publicOrigin} (database: ${db.kind})`);

// Live releases this shell no longer suits (a shared-api without exports they use…): named once
// the node serves, so they are released again before visitors meet them. Checked after listening:
// a report must not delay a start (releases/compatibility.ts).
void (async () => {
  const { liveReleaseProblems } = await import('./releases/compatibility.ts');
  const { readShellShare } = await import('./releases/validate.ts');
  for (const { text, ...release } of await liveReleaseProblems(
    db,
    app.services.releases.store,
    readShellShare(config.appsDir),
  ))
    app.log.error(release, text);
})().catch((err: unknown) => app.log.warn({ err }, 'live releases not checked against the shell'));
