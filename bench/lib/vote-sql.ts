/**
 * Prints post_vote's statements (server/src/rpc/post/vote.ts VOTE_STATEMENTS) as JSON, so that
 * load.mjs gives pgbench the handler's own SQL as the vote's "SQL alone".
 *
 *   tsx bench/lib/vote-sql.ts
 */
import { VOTE_STATEMENTS } from '../../server/src/rpc/post/vote.ts';

process.stdout.write(JSON.stringify(VOTE_STATEMENTS));
