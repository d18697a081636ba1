/**
 * What the thread cache (threadCache.ts) reads on every request, in one query: the thread's
 * version (thread_versions, migration 0008: a new comment, edit, delete, moderation or
 * publication bumps it in the writer's transaction), its row count, the vote counters of every
 * row, and the viewer's own state on the rows they touched, with the same SQL expressions as the
 * read engine's viewer columns (viewerColumns.ts).
 */
import type { PostViewerState } from 'shared-api/reads';
import type { Queryable } from '../db/index.ts';
import { VIEWER_PERKS } from '../rules/blocks.ts';
import { VIEWER_COLUMN_DEFS } from './viewerColumns.ts';

const { blocked, blacklisted } = VIEWER_COLUMN_DEFS;

/**
 * $1 viewer (null for a guest), $2 uber. The viewer's rows: their actions in this thread, found
 * from their own actions (primary key user_id, post_id), and the rows their blocks or blockers hit
 * (a filter over the thread's rows, skipped for a guest).
 */
const LIVE_SQL = `SELECT
      (SELECT version::text FROM thread_versions WHERE uber = $2::integer) AS version,
      t.rows, t.votes,
      CASE WHEN $1::integer IS NULL THEN NULL ELSE (
        SELECT json_agg(json_build_array(pa.post_id, pa.vote, pa.favorite, pa.report))
          FROM post_actions pa JOIN posts p ON p.id = pa.post_id
         WHERE pa.user_id = $1::integer AND p.uber = $2::integer AND p.mode <> 'draft') END::text AS actions,
      CASE WHEN $1::integer IS NULL THEN NULL ELSE (
        SELECT json_agg(json_build_array(p.id, ${blocked.sql}, ${blacklisted.sql}))
          FROM posts p CROSS JOIN ${VIEWER_PERKS}
         WHERE p.uber = $2::integer AND p.mode <> 'draft' AND (${blocked.sql} OR ${blacklisted.sql})) END::text AS blocks
    FROM (SELECT count(*)::integer AS rows,
                 string_agg(id || ',' || upvotes || ',' || downvotes, ',') AS votes
            FROM posts WHERE uber = $2::integer AND mode <> 'draft') t`;

export interface Live {
  version: string;
  rows: number;
  /** The counters as PostgreSQL sent them: the guests' answer is kept while they stay the same. */
  votesText: string;
  /** id → [upvotes, downvotes], parsed from `votesText` only when a row is (re)written. */
  votes(): Map<number, [number, number]>;
  /** id → the viewer's non-default columns */
  viewer: Map<number, Partial<PostViewerState>>;
}

export async function readLive(db: Queryable, viewerId: number | null, uber: number): Promise<Live> {
  const { rows } = await db.query<{
    version: string | null;
    rows: number;
    votes: string | null;
    actions: string | null;
    blocks: string | null;
  }>(LIVE_SQL, [viewerId, uber]);
  const row = rows[0];
  const votesText = row?.votes ?? '';
  let votes: Map<number, [number, number]> | null = null;
  const parseVotes = () => {
    if (votes) return votes;
    votes = new Map();
    const numbers = votesText ? votesText.split(',') : [];
    for (let i = 0; i + 2 < numbers.length; i += 3) {
      votes.set(Number(numbers[i]), [Number(numbers[i + 1]), Number(numbers[i + 2])]);
    }
    return votes;
  };
  const viewer = new Map<number, Partial<PostViewerState>>();
  const mine = (id: number) => {
    const state = viewer.get(id) ?? {};
    viewer.set(id, state);
    return state;
  };
  for (const [id, vote, favorite, report] of JSON.parse(row?.actions ?? '[]') as [
    number,
    PostViewerState['voted'] | null,
    string | null,
    string | null,
  ][]) {
    Object.assign(mine(id), { voted: vote ?? 0, favorite: favorite !== null, favorited: favorite, report });
  }
  for (const [id, blockedRow, blacklistedRow] of JSON.parse(row?.blocks ?? '[]') as [
    number,
    boolean,
    boolean,
  ][]) {
    Object.assign(mine(id), { blocked: blockedRow, blacklisted: blacklistedRow });
  }
  return { version: row?.version ?? '0', rows: row?.rows ?? 0, votesText, votes: parseVotes, viewer };
}
