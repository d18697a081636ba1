/**
 * The word lists of shared-api/src/validation/words.ts against the database's CHECK constraints:
 * the schemas, the server and the types take the lists from that one file, the database keeps
 * its own copy in its constraints, and this test says when the two drift apart.
 */
import {
  APPEAL_STATUSES,
  DELETION_CONTENT,
  MODERATE_RESOLUTIONS,
  MODERATION_LOG_ACTIONS,
  MODLOG_KINDS,
  NOTIFICATION_KINDS,
  NSFW_SETTINGS,
  PERK_ACTIONS,
  POST_KINDS,
  POST_MODES,
  RELEASE_LOG_ACTIONS,
  REPORT_TYPES,
  THEMES,
  USER_STATUSES,
} from 'shared-api/validation';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './harness.ts';

const server = useTestServer();

/** The words of `CHECK (column IN ('a', 'b'))` on a table, read back from the catalogue. */
async function checkedWords(table: string, column: string): Promise<string[]> {
  const { rows } = await server.db.query<{ def: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'c' AND c.conrelid = $1::regclass AND a.attname = $2
        AND cardinality(c.conkey) = 1`,
    [table, column],
  );
  // PostgreSQL prints `IN (...)` as `= ANY (ARRAY['a'::text, 'b'::text])`.
  const listed = rows.map((row) => row.def).find((def) => /ANY \(ARRAY\[/.test(def));
  if (!listed) throw new Error(`no CHECK list on ${table}.${column}: ${rows.map((r) => r.def).join('; ')}`);
  return [...listed.matchAll(/'((?:[^']|'')*)'::text/g)].map((match) => match[1]!.replaceAll("''", "'"));
}

describe('word lists and CHECK constraints (R-3.9)', () => {
  const lists: [table: string, column: string, words: readonly string[]][] = [
    ['posts', 'kind', POST_KINDS],
    ['posts', 'mode', POST_MODES],
    ['post_actions', 'report', REPORT_TYPES],
    ['moderation', 'resolve', MODERATE_RESOLUTIONS],
    ['users', 'theme', THEMES],
    ['users', 'nsfw', NSFW_SETTINGS],
    ['users', 'status', USER_STATUSES],
    ['perks', 'action', PERK_ACTIONS],
    ['notifications', 'kind', NOTIFICATION_KINDS],
    ['release_log', 'action', RELEASE_LOG_ACTIONS],
    ['moderation_log', 'action', MODERATION_LOG_ACTIONS],
    ['users', 'deletion_content', DELETION_CONTENT],
    ['ban_appeals', 'status', APPEAL_STATUSES],
  ];
  for (const [table, column, words] of lists) {
    it(`${table}.${column} allows exactly the shared words`, async () => {
      expect((await checkedWords(table, column)).sort()).toEqual([...words].sort());
    });
  }

  it('moderation_log.kind files every action under a kind of the public log, but a rejected appeal (R-10.11)', async () => {
    const { rows } = await server.db.query<{ action: string; kind: string | null }>(
      `WITH made AS (
         INSERT INTO moderation_log (actor_id, action) SELECT NULL, a FROM unnest($1::text[]) a
         RETURNING action, kind
       ) SELECT action, kind FROM made`,
      [[...MODERATION_LOG_ACTIONS]],
    );
    await server.db.query('DELETE FROM moderation_log WHERE actor_id IS NULL AND target_id IS NULL');
    const kinds = new Set(rows.map((row) => row.kind));
    expect([...kinds].sort()).toEqual([...MODLOG_KINDS, null].sort());
    expect(rows.filter((row) => row.kind === null).map((row) => row.action)).toEqual(['appeal-rejected']);
  });
});
