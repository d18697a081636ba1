import { describe, expect, it } from 'vitest';
import { tagsRead } from '../read/tags.ts';
import { usersResource } from '../read/users.ts';
import { defineResource } from './resource.ts';

const from = () => ({ sql: 'tags t LEFT JOIN users o ON o.id = t.owner', params: [] });
/** The columns of `tags` as the contract declares them. */
const tag = { sql: 't.tag', type: 'text' } as const;
const owner = { sql: 'o.username', type: 'text' } as const;
const count = { sql: 't.count', type: 'int' } as const;
const about = { sql: 't.about', type: 'text', filter: false, order: false } as const;
const about_html = { sql: 't.about_html', type: 'text', filter: false, order: false } as const;
const created = { sql: 't.created', type: 'timestamptz' } as const;
const columns = { tag, owner, count, about, about_html, created };

describe('a resource held to the read contract', () => {
  it('is read from the replica when the contract says it may be', () => {
    expect(defineResource({ name: 'tags', columns, from }).replica).toBe(true);
    expect([tagsRead.replica, usersResource.replica]).toEqual([true, false]);
  });

  it('refuses what the contract does not declare (checked by the type check)', () => {
    const refused = () => [
      // @ts-expect-error a resource the contract does not declare
      defineResource({ name: 'hashtags', columns, from }),
      defineResource({
        name: 'tags',
        // @ts-expect-error a declared column (`created`) missing on the server
        columns: { tag, owner, count, about, about_html },
        from,
      }),
      defineResource({
        name: 'tags',
        // @ts-expect-error a column the contract does not declare
        columns: { ...columns, color: { sql: 't.color', type: 'text' } },
        from,
      }),
      defineResource({
        name: 'tags',
        // @ts-expect-error filtered on the server, not in the contract's `filter`
        columns: { ...columns, about: { sql: 't.about', type: 'text', order: false } },
        from,
      }),
      defineResource({
        name: 'tags',
        // @ts-expect-error a number in the contract, text in SQL
        columns: { ...columns, count: { sql: 't.count::text', type: 'text' } },
        from,
      }),
    ];
    expect(refused).toBeTypeOf('function');
  });
});
