/**
 * `GET /api/perks`: the viewer's own follows and blocks (docs/product.md ). With a target
 * filter (`username|tag|domain=eq.X&action=in.(block,follow)`) it answers the perk dialogs;
 * without, it lists everything for /blocks and /follows. Guests have no perks.
 */
import { defineResource } from '../postgrest/resource.ts';

export const perksRead = defineResource({
  name: 'perks',
  columns: {
    action: { sql: 'k.action', type: 'text' },
    username: { sql: 't.username', type: 'text' },
    tag: { sql: 'k.target_tag', type: 'text' },
    domain: { sql: 'k.target_domain', type: 'text' },
    created: { sql: 'k.created', type: 'timestamptz' },
  },
  from: (ctx) => ({
    sql: 'perks k LEFT JOIN users t ON t.id = k.target_user',
    params: [ctx.viewerId],
  }),
  visible: () => 'k.user_id = $1::integer',
  defaultOrder: 'created.desc',
  maxLimit: 1000,
});
