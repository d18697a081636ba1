/**
 * The release registry, read in PostgREST's grammar by the admin page and the release CLI:
 *   GET /api/release_channels   each remote's stable and canary, the share, and health counts
 *   GET /api/releases           published releases (`remote=eq.mf-chat&order=created.desc`)
 *   GET /api/release_log        who changed what, when, from which version to which, and why
 *   GET /api/release_errors     a release's most frequent errors (`remote=eq.mf-chat&version=eq.1.5.0`;
 *                               the shell's under `remote=eq.shell`, admins only; errors.ts)
 *   GET /api/release_health_minutes  a running canary's page loads and failures per minute, for
 *                               canary and stable, since it started (`remote=eq.mf-chat`)
 *   GET /api/release_tokens     the tokens (admins; never the token itself)
 *   GET /api/release_members    the members of each remote's team (members.ts)
 * Admins see every remote; a release token sees only its own remotes; anyone else gets 401.
 */
import { unauthorized } from '../http/errors.ts';
import { defineResource, type ReadContext } from '../postgrest/resource.ts';
import { ERRORS_SHOWN } from './errors.ts';
import { HEALTH_WINDOW_START } from './healthWindow.ts';
import { vitalsP75Json } from './vitals.ts';

type ScopedContext = ReadContext<'releaseScope'>;

function scoped(alias: string) {
  return (ctx: ScopedContext, param: (value: unknown) => string): string | null => {
    const scope = ctx.releaseScope;
    if (scope === 'all') return null;
    return `${alias}.remote = ANY(${param(scope ?? [])}::text[])`;
  };
}

function requireScope(ctx: ScopedContext): void {
  if (!ctx.releaseScope) throw unauthorized('ROLE REQUIRED', 'a release token or an admin session is needed');
}

/** Page loads (or failed ones) of a release in the guard's own window (health.ts). */
const health = (version: string, column: 'loads' | 'failures') => `(
  SELECT count(*)::int FROM release_page_loads l
   WHERE l.remote = c.remote AND l.version = ${version} AND l.seen >= ${HEALTH_WINDOW_START}
     AND l.loaded${column === 'failures' ? ' AND l.failed' : ''})`;

export const releaseChannelsRead = defineResource({
  name: 'release_channels',
  needs: ['releaseScope'],
  columns: {
    remote: { sql: 'c.remote', type: 'text' },
    stable: { sql: 'c.stable', type: 'text' },
    canary: { sql: 'c.canary', type: 'text' },
    percent: { sql: 'c.percent', type: 'int' },
    canary_started: { sql: 'c.canary_started', type: 'timestamptz' },
    updated: { sql: 'c.updated', type: 'timestamptz' },
    stable_loads: { sql: health('c.stable', 'loads'), type: 'int', filter: false },
    stable_failures: { sql: health('c.stable', 'failures'), type: 'int', filter: false },
    canary_loads: { sql: health('c.canary', 'loads'), type: 'int', filter: false },
    canary_failures: { sql: health('c.canary', 'failures'), type: 'int', filter: false },
    /** A progressive rollout's shares and pause (rollout.ts), null for a canary moved by hand. */
    steps: { sql: 'c.steps::int[]', type: 'json', filter: false },
    pause_seconds: { sql: 'c.pause_seconds', type: 'int' },
    step_started: { sql: 'c.step_started', type: 'timestamptz' },
    /** The health guard's last verdict on the canary (health.ts StoredVerdict) and when. */
    verdict: { sql: 'c.verdict', type: 'json', filter: false },
    verdict_at: { sql: 'c.verdict_at', type: 'timestamptz' },
    /** p75 of LCP, INP, CLS, TTFB and their page views over the guard's window (vitals.ts). */
    stable_vitals: { sql: vitalsP75Json('c.stable'), type: 'json', filter: false },
    canary_vitals: {
      sql: `CASE WHEN c.canary IS NOT NULL THEN ${vitalsP75Json('c.canary')} END`,
      type: 'json',
      filter: false,
    },
  },
  from(ctx) {
    requireScope(ctx);
    return { sql: 'release_channels c', params: [] };
  },
  visible: scoped('c'),
  defaultOrder: 'remote.asc',
  maxLimit: 100,
});

/**
 * A release's most frequent errors (errors.ts), the shell's under `shell`: the filter on remote is
 * required, and with the version release_errors_top_idx (remote, version, count DESC) serves the
 * list; without it (the shell's builds together) it reads at most ERRORS_PER_RELEASE rows per
 * version kept. A token sees its own remotes' only (never the shell's), an admin everyone's.
 */
export const releaseErrorsRead = defineResource({
  name: 'release_errors',
  needs: ['releaseScope'],
  columns: {
    remote: { sql: 'e.remote', type: 'text' },
    version: { sql: 'e.version', type: 'text' },
    message: { sql: 'e.message', type: 'text', filter: false, order: false },
    frames: { sql: 'e.frames', type: 'json', filter: false },
    count: { sql: 'e.count', type: 'int' },
    first_seen: { sql: 'e.first_seen', type: 'timestamptz', filter: false },
    last_seen: { sql: 'e.last_seen', type: 'timestamptz' },
  },
  from(ctx) {
    requireScope(ctx);
    return { sql: 'release_errors e', params: [] };
  },
  visible: scoped('e'),
  requiredFilters: ['remote'],
  defaultOrder: 'count.desc,last_seen.desc',
  maxLimit: ERRORS_SHOWN,
});

/**
 * A running canary's page loads per minute, canary and stable apart, since the canary started
 * (as far back as the guard keeps page loads, health.ts): the admin page's chart. The
 * filter on `remote` is required and reaches inside the grouping, so release_page_loads_window_idx
 * (remote, version, seen) serves it.
 */
export const releaseHealthMinutesRead = defineResource({
  name: 'release_health_minutes',
  needs: ['releaseScope'],
  columns: {
    remote: { sql: 'm.remote', type: 'text' },
    minute: { sql: 'm.minute', type: 'timestamptz' },
    channel: { sql: 'm.channel', type: 'text' },
    version: { sql: 'm.version', type: 'text' },
    loads: { sql: 'm.loads', type: 'int' },
    failures: { sql: 'm.failures', type: 'int' },
  },
  from(ctx) {
    requireScope(ctx);
    return {
      sql: `(SELECT c.remote, date_trunc('minute', l.seen) AS minute,
                    CASE WHEN l.version = c.canary THEN 'canary' ELSE 'stable' END AS channel, l.version,
                    count(*) FILTER (WHERE l.loaded)::int AS loads,
                    count(*) FILTER (WHERE l.loaded AND l.failed)::int AS failures
               FROM release_channels c
               JOIN release_page_loads l ON l.remote = c.remote AND l.version IN (c.stable, c.canary)
              WHERE c.canary IS NOT NULL AND l.seen >= c.canary_started
              GROUP BY c.remote, 2, 3, l.version) m`,
      params: [],
    };
  },
  visible: scoped('m'),
  requiredFilters: ['remote'],
  defaultOrder: 'minute.asc,channel.asc',
  maxLimit: 2000,
});

export const releasesRead = defineResource({
  name: 'releases',
  needs: ['releaseScope'],
  columns: {
    remote: { sql: 'r.remote', type: 'text' },
    version: { sql: 'r.version', type: 'text' },
    digest: { sql: 'r.digest', type: 'text' },
    /** Where its files are in the release store (`<remote>/<version>/<digest>`, migration 0019). */
    prefix: { sql: 'r.prefix', type: 'text' },
    files: { sql: 'r.files', type: 'int' },
    bytes: { sql: 'r.bytes', type: 'int' },
    shared: { sql: 'r.shared', type: 'json', filter: false },
    exposes: { sql: 'r.exposes', type: 'text[]' },
    actor: { sql: 'r.actor', type: 'text' },
    created: { sql: 'r.created', type: 'timestamptz' },
    /** 'stable', 'canary' or null */
    channel: {
      sql: "CASE WHEN c.stable = r.version THEN 'stable' WHEN c.canary = r.version THEN 'canary' END",
      type: 'text',
    },
  },
  from(ctx) {
    requireScope(ctx);
    return { sql: 'releases r LEFT JOIN release_channels c ON c.remote = r.remote', params: [] };
  },
  visible: scoped('r'),
  defaultOrder: 'created.desc,version.desc',
  maxLimit: 100,
});

export const releaseLogRead = defineResource({
  name: 'release_log',
  needs: ['releaseScope'],
  columns: {
    id: { sql: 'l.id', type: 'int' },
    remote: { sql: 'l.remote', type: 'text' },
    action: { sql: 'l.action', type: 'text' },
    from: { sql: 'l.from_version', type: 'text' },
    to: { sql: 'l.to_version', type: 'text' },
    percent: { sql: 'l.percent', type: 'int' },
    actor: { sql: 'l.actor', type: 'text' },
    reason: { sql: 'l.reason', type: 'text', filter: false },
    created: { sql: 'l.created', type: 'timestamptz' },
  },
  from(ctx) {
    requireScope(ctx);
    return { sql: 'release_log l', params: [] };
  },
  visible: scoped('l'),
  defaultOrder: 'id.desc',
  maxLimit: 100,
});

export const releaseTokensRead = defineResource({
  name: 'release_tokens',
  columns: {
    id: { sql: 't.id', type: 'int' },
    name: { sql: 't.name', type: 'text' },
    remotes: { sql: 't.remotes', type: 'text[]' },
    created: { sql: 't.created', type: 'timestamptz' },
    created_by: { sql: 'u.username', type: 'text' },
    expires: { sql: 't.expires', type: 'timestamptz' },
    revoked: { sql: 't.revoked', type: 'timestamptz' },
    last_used: { sql: 't.last_used', type: 'timestamptz' },
  },
  from(ctx) {
    if (!ctx.roles.includes('admin')) throw unauthorized('ROLE REQUIRED', 'admin');
    return { sql: 'release_tokens t LEFT JOIN users u ON u.id = t.created_by', params: [] };
  },
  defaultOrder: 'id.desc',
  maxLimit: 100,
});

export const releaseMembersRead = defineResource({
  name: 'release_members',
  needs: ['releaseScope'],
  columns: {
    remote: { sql: 'm.remote', type: 'text' },
    username: { sql: 'u.username', type: 'text' },
    added_by: { sql: 'a.username', type: 'text' },
    created: { sql: 'm.created', type: 'timestamptz' },
  },
  from(ctx) {
    requireScope(ctx);
    return {
      sql: `release_members m JOIN users u ON u.id = m.user_id LEFT JOIN users a ON a.id = m.added_by`,
      params: [],
    };
  },
  visible: scoped('m'),
  defaultOrder: 'remote.asc,username.asc',
  maxLimit: 100,
});
