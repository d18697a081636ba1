/**
 * `GET /api/tags` (docs/product.md ): autocomplete
 * (`tag=like.{prefix}*&owner=is.null&count=gt.10`), the tag page header (`tag=eq.X`) and a user's
 * own tags for /tags (`owner=eq.{user}`).
 */
import { defineResource } from '../postgrest/resource.ts';

export const tagsRead = defineResource({
  name: 'tags',
  columns: {
    tag: { sql: 't.tag', type: 'text' },
    owner: { sql: 'o.username', type: 'text' },
    count: { sql: 't.count', type: 'int' },
    about: { sql: 't.about', type: 'text', filter: false, order: false },
    about_html: { sql: 't.about_html', type: 'text', filter: false, order: false },
    created: { sql: 't.created', type: 'timestamptz' },
  },
  from: () => ({ sql: 'tags t LEFT JOIN users o ON o.id = t.owner', params: [] }),
  defaultOrder: 'tag.asc',
  maxLimit: 100,
});
