import { openDb } from './src/db/index.ts';
import { runRead } from './src/postgrest/build.ts';
import { parseReadQuery } from './src/postgrest/parse.ts';
import { feedRead, lurkingRead, favoritesRead, postsRead, previewsRead } from './src/read/posts.ts';
import { tagsRead } from './src/read/tags.ts';
import { votesRead } from './src/read/votes.ts';
const db = await openDb({ databaseUrl: 'postgres://postgres@127.0.0.1:4402/feedsperf', dataDir: '/tmp/x' });
const cases: [string, any, string, number | null][] = [
  ['home hot guest', feedRead, 'kind=eq.post&order=hot.desc,post.desc&limit=20', null],
  ['home hot user1', feedRead, 'kind=eq.post&order=hot.desc,post.desc&limit=20', 1],
  ['home hot page 10', feedRead, 'kind=eq.post&order=hot.desc,post.desc&limit=20&hot=lte.5&or=(hot.lt.5,and(hot.eq.5,post.lt.199000))', 1],
  ['home old (hot 0) keyset', feedRead, 'kind=eq.post&order=hot.desc,post.desc&limit=20&hot=eq.0&post=lt.100000', 1],
  ['home newest', feedRead, 'kind=eq.post&order=post.desc&limit=20&post=lt.150000', 1],
  ['top day', feedRead, `kind=eq.post&created=gt.${new Date(Date.now() - 86400000).toISOString()}&order=value.desc,post.desc&limit=20`, 1],
  ['top week', feedRead, `kind=eq.post&created=gt.${new Date(Date.now() - 7 * 86400000).toISOString()}&order=value.desc,post.desc&limit=20`, 1],
  ['micro', feedRead, 'kind=eq.micro&order=post.desc&limit=20', 1],
  ['tag common', feedRead, 'tags=cs.{tag5}&order=post.desc&limit=20', 1],
  ['tag rare', feedRead, 'tags=cs.{tag4999}&order=post.desc&limit=20', 1],
  ['lurking', lurkingRead, 'order=post.desc&limit=20', 1],
  ['favorites', favoritesRead, 'order=favorited.desc,post.desc&limit=20', 7],
  ['thread', postsRead, 'uber=eq.199500&order=created.asc', 1],
  ['user posts', postsRead, 'user=eq.user77&parent=is.null&mode=eq.public&order=post.desc&limit=20', 1],
  ['previews', previewsRead, 'uber=in.(199001,199002,199003,199004,199005,199006,199007,199008,199009,199010)', 1],
  ['votes', votesRead, 'post=eq.199500', null],
  ['tags autocomplete', tagsRead, 'tag=like.tag12*&owner=is.null&count=gt.10&select=tag&limit=10&order=tag.asc', null],
];
for (const [name, resource, qs, viewer] of cases) {
  let plan = '';
  const spy = { query: async (sql: string, params: unknown[]) => {
    if (!plan) {
      const r = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      plan = r.rows.map((x: any) => x['QUERY PLAN']).join('\n');
    }
    return db.query(sql, params);
  } };
  const t = performance.now();
  const res = await runRead(resource, { viewerId: viewer, roles: [], db: db }, parseReadQuery(new URLSearchParams(qs), undefined), null);
  const ms = performance.now() - t;
  await runRead(resource, { viewerId: viewer, roles: [], db: spy as any }, parseReadQuery(new URLSearchParams(qs), undefined), null);
  const exec = /Execution Time: ([\d.]+)/.exec(plan)?.[1];
  console.log(`${name.padEnd(26)} rows=${String(res.rows.length).padStart(4)} wall=${ms.toFixed(1)}ms exec=${exec}ms`);
  if (process.env.PLANS?.split(',').includes(name)) console.log(plan);
}
await db.close();
