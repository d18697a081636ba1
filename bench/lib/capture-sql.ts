/**
 * Prints the exact SQL (and parameters) the API runs for some read requests, by running the
 * server's own read engine (routes table, PostgREST parser, SQL builder) against the benchmark
 * database with a recording wrapper around the connection. load.mjs turns the result into
 * pgbench scripts, so the "direct SQL" column measures the very queries the API sends.
 *
 *   tsx bench/lib/capture-sql.ts '{"url": "...", "requests": [{"name": "...", "path": "/api/feed?...", "viewer": "bench"}]}'
 */
import { openDb, type Queryable } from '../../server/src/db/index.ts';
import { runRead } from '../../server/src/postgrest/build.ts';
import { parseReadQuery } from '../../server/src/postgrest/parse.ts';
import { readRoutes } from '../../server/src/routes.ts';

interface Input {
  url: string;
  requests: Array<{ name: string; path: string; viewer: string | null }>;
}

const input = JSON.parse(process.argv[2] ?? '{}') as Input;
const db = await openDb({ databaseUrl: input.url, dataDir: '/tmp', poolSize: 1 });
const out: Array<{ name: string; sql: string; params: unknown[] }> = [];
try {
  for (const request of input.requests) {
    const url = new URL(request.path, 'http://bench');
    const resource = readRoutes.find((r) => `/api/${r.name}` === url.pathname);
    if (!resource) throw new Error(`No read resource for ${url.pathname}`);
    let viewerId: number | null = null;
    let roles: string[] = [];
    if (request.viewer) {
      const { rows } = await db.query<{ id: number; roles: string[] }>(
        'SELECT id, roles FROM users WHERE username = $1',
        [request.viewer],
      );
      viewerId = rows[0]!.id;
      roles = rows[0]!.roles;
    }
    const captured: Array<{ sql: string; params: unknown[] }> = [];
    const recording: Queryable = {
      query: (sql, params) => {
        captured.push({ sql, params: [...(params ?? [])] });
        return db.query(sql, params);
      },
    };
    await runRead(resource, { viewerId, roles, db: recording }, parseReadQuery(url.searchParams), null);
    // The page query is the last one (a search first reads the index statistics: search/plan.ts).
    out.push({ name: request.name, ...captured.at(-1)! });
  }
} finally {
  await db.close();
}
process.stdout.write(JSON.stringify(out));
