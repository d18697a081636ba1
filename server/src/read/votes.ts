/**
 * `GET /api/votes?post=eq.{id}` (docs/product.md ): the counters and who voted, newest
 * first, for the voters dialog. Only public posts have voters; anything else is no row, which
 * the dialog shows as 'Wpis nie został znaleziony'.
 */
import { defineResource } from '../postgrest/resource.ts';

/** Enough names for a dialog; the counters stay exact beyond it. */
const VOTERS_SHOWN = 500;

const voters = (vote: 1 | -1) => `ARRAY(
  SELECT u.username FROM post_actions a JOIN users u ON u.id = a.user_id
   WHERE a.post_id = p.id AND a.vote = ${vote}
   ORDER BY a.voted DESC LIMIT ${VOTERS_SHOWN})`;

export const votesRead = defineResource({
  name: 'votes',
  columns: {
    post: { sql: 'p.id', type: 'int' },
    upvotes: { sql: 'p.upvotes', type: 'int' },
    downvotes: { sql: 'p.downvotes', type: 'int' },
    upvoters: { sql: voters(1), type: 'text[]', filter: false },
    downvoters: { sql: voters(-1), type: 'text[]', filter: false },
  },
  from: () => ({ sql: 'posts p', params: [] }),
  visible: () => "p.mode = 'public'",
  requiredFilters: ['post'],
  maxLimit: 1,
});
