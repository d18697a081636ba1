#!/usr/bin/env node
/**
 * Fills a PostgreSQL database with the benchmark data set, set-based (INSERT ... SELECT
 * generate_series), in minutes:
 *   100,000 users, 20,000 tags, 1,000,000 posts (200k titled, 300k microposts, 500k comments,
 *   among them one thread of 5,000 comments), 5,000,000 votes, 200,000 follows and blocks.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:4650/gwar_bench node bench/generate.mjs [--scale 0.01]
 *
 * The database named in the URL is dropped and created again, migrated with the server's
 * migrations (the same files and checksums as server/src/db/migrate.ts, so the server accepts
 * it), then loaded with triggers off (session_replication_role = replica: needs a superuser, as
 * on the throwaway cluster of bench/README.md). The counters the triggers would have kept are
 * then recomputed set-based, and everything is analysed. Prints the time of every step and
 * writes bench/.data.json (ids and names the load and thread benchmarks use).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error(
    'Set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:4650/gwar_bench (see bench/README.md)',
  );
  process.exit(2);
}
const scaleArg = process.argv.indexOf('--scale');
const scale = scaleArg > 0 ? Number(process.argv[scaleArg + 1]) : 1;

const n = (count) => Math.max(10, Math.round(count * scale));
const U = n(100_000); // users
const T = n(20_000); // tags
const P = n(200_000); // titled posts: ids 1..P
const M = n(300_000); // microposts: ids P+1..P+M
const C = Math.max(n(500_000), 6000); // comments: ids P+M+1..P+M+C
const THREAD = 5000; // comments in the big thread (on post P, the newest titled post)
const VOTES_PER_USER = Math.max(2, Math.round((5_000_000 * scale) / U));
const DOMAINS = 500;
const BENCH_TOKEN = 'gwar-bench-session-token-0123456789abcdef';
const LURKER = 1; // user 1 ('bench') follows 200 users, tags and domains

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

async function timed(label, fn) {
  const started = performance.now();
  const result = await fn();
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label.padEnd(46)} ${seconds.toFixed(1).padStart(7)} s`);
  return result;
}

// --- a fresh database -------------------------------------------------------------------
const target = new URL(url);
const dbName = target.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`Unsupported database name "${dbName}"`);
const adminUrl = new URL(url);
adminUrl.pathname = '/postgres';

const total = performance.now();
console.log(
  `Gwar benchmark data: ${U} users, ${T} tags, ${P + M + C} posts (${P} titled, ${M} micro, ${C} comments), ` +
    `${U * VOTES_PER_USER} votes`,
);
await timed('drop and create database', async () => {
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
});

const db = new pg.Client({ connectionString: url });
await db.connect();
const q = (sql, params) => db.query(sql, params);

// --- migrations, exactly as server/src/db/migrate.ts applies and records them -------------
await timed('migrations', async () => {
  await q(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const dir = path.join(root, 'server', 'migrations');
  for (const file of readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()) {
    const sql = readFileSync(path.join(dir, file), 'utf8');
    await q('BEGIN');
    await q(sql);
    await q('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
      file.replace(/\.sql$/, ''),
      sha256(sql),
    ]);
    await q('COMMIT');
  }
});

// One password for every generated account ('bench1234'), hashed as the server does.
const requireFromServer = createRequire(path.join(root, 'server', 'package.json'));
const { hash } = requireFromServer('@node-rs/argon2');
const passwordHash = await hash('bench1234');

// Triggers (and foreign-key checks) off for the bulk load; counters are recomputed below.
await q('SET session_replication_role = replica');
await q("SET maintenance_work_mem = '512MB'");
await q("SET work_mem = '128MB'");
await q('SELECT setseed(0.42)');

// Author of post id x: a fixed pseudo-random user, so later steps can compute it without a join.
const AUTHOR = (x) => `(1 + ((${x})::bigint * 48271) % ${U})::integer`;

await timed(`users (${U})`, () =>
  q(
    `INSERT INTO users (id, username, email, password_hash, status, roles, rating, theme, created, seen)
     OVERRIDING SYSTEM VALUE
     SELECT i, CASE WHEN i = ${LURKER} THEN 'bench' ELSE 'user' || i END,
            CASE WHEN i = ${LURKER} THEN 'bench' ELSE 'user' || i END || '@example.com',
            $1, 'active', CASE WHEN i = 2 THEN '{moderator,admin}'::text[] ELSE '{}'::text[] END, 0,
            (ARRAY['dark','light','default'])[1 + i % 3],
            now() - (random() * interval '730 days'), now() - (random() * interval '30 days')
       FROM generate_series(1, ${U}) i`,
    [passwordHash],
  ),
);

await timed(`tags (${T})`, () =>
  q(
    `INSERT INTO tags (tag, owner, about, about_html)
     SELECT 'tag' || i, CASE WHEN i % 10 = 0 THEN ${AUTHOR('i')} END,
            CASE WHEN i % 10 = 0 THEN 'Opis tagu numer ' || i ELSE '' END,
            CASE WHEN i % 10 = 0 THEN '<p>Opis tagu numer ' || i || '</p>' ELSE '' END
       FROM generate_series(1, ${T}) i`,
  ),
);

// Tag popularity is skewed (tag1 is on many posts, tag20000 on few): index = T * r^4.
const TAGS = `(SELECT array_agg(DISTINCT 'tag' || (1 + floor(${T} * power(random(), 4))::int))
                 FROM generate_series(1, 1 + (i % 3)) WHERE i > 0)`;
const TEXTS = `(ARRAY[
  'Ciekawy artykuł o tym, jak zmienia się rynek pracy w Polsce i co z tego wynika dla młodych ludzi.',
  'Nie wiem, czy to dobry pomysł, ale spróbowałem i wyszło całkiem nieźle. Co o tym myślicie?',
  'Podsumowanie tygodnia: najważniejsze wydarzenia z kraju i ze świata w jednym miejscu.',
  'Zdjęcia z wczorajszej wycieczki w góry. Pogoda dopisała, widoki były niesamowite.',
  'Ktoś wie, gdzie można naprawić stary rower w rozsądnej cenie? Szukam od tygodnia.',
  'Nowe badania pokazują, że regularny spacer poprawia koncentrację i samopoczucie.',
  'Mój przepis na pierogi ruskie, sprawdzony przez trzy pokolenia. Smacznego!',
  'Recenzja nowej gry: fabuła wciąga, ale sterowanie na padzie pozostawia wiele do życzenia.'
])[1 + (i % 8)]`;

const YEAR = "interval '365 days'";
// Posts are written to an unlogged, unindexed staging table first: counters are computed there,
// then everything is copied into posts in id order, so each index of posts is built in one pass
// and no row of posts is ever updated (an UPDATE of 1M rows would rewrite every index entry).
await timed('staging table', async () => {
  await q('CREATE UNLOGGED TABLE stage_posts (LIKE posts INCLUDING DEFAULTS)');
});

await timed(`titled posts (${P})`, () =>
  q(
    `INSERT INTO stage_posts (id, user_id, kind, mode, title, url, source, body, words, tags, domains, uber, created, active)
     OVERRIDING SYSTEM VALUE
     SELECT i, ${AUTHOR('i')}, 'post', 'public',
            'Wpis numer ' || i || ': ' || left(${TEXTS}, 60),
            CASE WHEN i % 2 = 0 THEN 'https://serwis' || (i % ${DOMAINS}) || '.pl/artykul/' || i END,
            ${TEXTS}, '<p>' || ${TEXTS} || '</p>', 16, ${TAGS},
            CASE WHEN i % 2 = 0 THEN ARRAY['serwis' || (i % ${DOMAINS}) || '.pl'] ELSE '{}' END,
            i, t, t
       FROM generate_series(1, ${P}) i,
            LATERAL (SELECT now() - (${P} - i) * (${YEAR} / ${P}) - interval '1 minute' AS t) c`,
  ),
);

await timed(`microposts (${M})`, () =>
  q(
    `INSERT INTO stage_posts (id, user_id, kind, mode, source, body, words, tags, uber, created, active)
     SELECT i, ${AUTHOR('i')}, 'micro', 'public', ${TEXTS}, '<p>' || ${TEXTS} || '</p>', 16,
            CASE WHEN i % 3 = 0 THEN ${TAGS} ELSE '{}' END, i, t, t
       FROM generate_series(${P + 1}, ${P + M}) i,
            LATERAL (SELECT now() - (${P + M} - i) * (${YEAR} / ${M}) - interval '1 minute' AS t) c`,
  ),
);

// The big thread on post P: 1,000 comments to the post, 2,000 replies to them, 2,000 replies to those.
const T0 = P + M; // ids of the thread's comments: T0+1 .. T0+5000
await timed(`thread of ${THREAD} comments on post ${P}`, async () => {
  const insert = (from, to, parentExpr, rootExpr) =>
    q(
      `INSERT INTO stage_posts (id, user_id, kind, mode, source, body, words, parent, root, uber, created, active)
       SELECT i, ${AUTHOR('i')}, 'comment', 'public', ${TEXTS}, '<p>' || ${TEXTS} || '</p>', 16,
              ${parentExpr}, ${rootExpr}, ${P}, t, t
         FROM generate_series(${from}, ${to}) i,
              LATERAL (SELECT now() - interval '50 seconds' + (i - ${T0}) * interval '5 milliseconds' AS t) c`,
    );
  await insert(T0 + 1, T0 + 1000, `${P}`, 'i');
  await insert(
    T0 + 1001,
    T0 + 3000,
    `${T0 + 1} + (i - ${T0 + 1001}) % 1000`,
    `${T0 + 1} + (i - ${T0 + 1001}) % 1000`,
  );
  await insert(
    T0 + 3001,
    T0 + 5000,
    `${T0 + 1001} + (i - ${T0 + 3001}) % 2000`,
    `${T0 + 1} + ((i - ${T0 + 3001}) % 2000) % 1000`,
  );
});

// The other comments: 60% answer a top post (any but P), 40% answer one of those.
const C1 = Math.floor((C - THREAD) * 0.6);
const C2 = C - THREAD - C1;
const A = T0 + THREAD; // first-level comments: A+1 .. A+C1; second level: A+C1+1 .. A+C1+C2
await timed(`comments (${C - THREAD})`, async () => {
  await q('ALTER TABLE stage_posts ADD PRIMARY KEY (id)');
  await q(
    `INSERT INTO stage_posts (id, user_id, kind, mode, source, body, words, parent, root, uber, created, active)
     SELECT i, ${AUTHOR('i')}, 'comment', 'public', ${TEXTS}, '<p>' || ${TEXTS} || '</p>', 16,
            tp.id, i, tp.id, t, t
       FROM generate_series(${A + 1}, ${A + C1}) i
       CROSS JOIN LATERAL (SELECT x + (x >= ${P})::int AS id
                             FROM (SELECT 1 + ((i::bigint * 7919) % ${P + M - 1})::int AS x) s) pick
       JOIN stage_posts tp ON tp.id = pick.id
       CROSS JOIN LATERAL (SELECT least(now(), tp.created + random() * interval '2 days') AS t) c`,
  );
  await q(
    `INSERT INTO stage_posts (id, user_id, kind, mode, source, body, words, parent, root, uber, created, active)
     SELECT i, ${AUTHOR('i')}, 'comment', 'public', ${TEXTS}, '<p>' || ${TEXTS} || '</p>', 16,
            pc.id, pc.id, pc.uber, t, t
       FROM generate_series(${A + C1 + 1}, ${A + C1 + C2}) i
       JOIN stage_posts pc ON pc.id = ${A + 1} + ((i::bigint * 104729) % ${C1})::int
       CROSS JOIN LATERAL (SELECT least(now(), pc.created + random() * interval '1 day') AS t) c`,
  );
});

// Votes: each user votes VOTES_PER_USER times, 80% on titled posts; distinct (user, post) pairs
// by construction (104729 is prime to the range sizes); never on one's own post.
// post_actions' indexes (and primary key) are dropped for the load and built afterwards in one
// pass each, from their own definitions, which is several times faster than 5M index inserts.
const { rows: voteIndexes } = await q(
  `SELECT indexdef FROM pg_indexes
    WHERE schemaname = 'public' AND tablename = 'post_actions' AND indexname <> 'post_actions_pkey'`,
);
const { rows: voteKey } = await q(
  `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid = 'post_actions'::regclass AND contype = 'p'`,
);
await q(`ALTER TABLE post_actions DROP CONSTRAINT ${voteKey[0].conname}`);
for (const { indexdef } of voteIndexes) {
  await q(`DROP INDEX ${/^CREATE (?:UNIQUE )?INDEX (\S+)/.exec(indexdef)[1]}`);
}
await timed(`votes (${U * VOTES_PER_USER}, indexes off)`, () =>
  q(
    `INSERT INTO post_actions (user_id, post_id, vote, voted, favorite)
     SELECT u, post, CASE WHEN (u + k) % 5 = 0 THEN -1 ELSE 1 END, now() - random() * ${YEAR},
            CASE WHEN (u + k) % 37 = 0 THEN now() - random() * ${YEAR} END
       FROM generate_series(1, ${U}) u, generate_series(0, ${VOTES_PER_USER - 1}) k,
            LATERAL (SELECT CASE WHEN k < ${Math.floor(VOTES_PER_USER * 0.8)}
                         THEN 1 + ((u::bigint * 7919 + k::bigint * 104729) % ${P})::int
                         ELSE ${P + 1} + ((u::bigint * 7919 + k::bigint * 104729) % ${M + C})::int END AS post) x
      WHERE ${AUTHOR('post')} <> u`,
  ),
);

await timed('post_actions primary key and indexes', async () => {
  await q(`ALTER TABLE post_actions ADD CONSTRAINT ${voteKey[0].conname} ${voteKey[0].def}`);
  for (const { indexdef } of voteIndexes) await q(indexdef);
});

// Follows and blocks: every user follows a user, half follow a tag, half block a user,
// and user 1 ('bench') follows 120 users, 60 tags and 20 domains (the /lurking benchmark).
await timed('follows and blocks', async () => {
  await q(
    `INSERT INTO perks (user_id, action, target_user)
     SELECT u, 'follow', t FROM generate_series(2, ${U}) u, LATERAL (SELECT 1 + ((u * 7 + 3) % ${U}) AS t) x
      WHERE t <> u`,
  );
  await q(
    `INSERT INTO perks (user_id, action, target_tag)
     SELECT u, 'follow', 'tag' || (1 + (u * 11) % ${T}) FROM generate_series(2, ${Math.floor(U / 2)}) u`,
  );
  await q(
    `INSERT INTO perks (user_id, action, target_user)
     SELECT u, 'block', t FROM generate_series(2, ${Math.floor(U / 2)}) u,
            LATERAL (SELECT 1 + ((u * 13 + 5) % ${U}) AS t) x
      WHERE t <> u`,
  );
  await q(
    `INSERT INTO perks (user_id, action, target_user)
     SELECT ${LURKER}, 'follow', 2 + (k * 797) % ${U - 1} FROM generate_series(0, 119) k`,
  );
  await q(
    `INSERT INTO perks (user_id, action, target_tag)
     SELECT ${LURKER}, 'follow', 'tag' || (100 + k * 37 % ${T}) FROM generate_series(0, 59) k
     ON CONFLICT DO NOTHING`,
  );
  await q(
    `INSERT INTO perks (user_id, action, target_domain)
     SELECT ${LURKER}, 'follow', 'serwis' || k || '.pl' FROM generate_series(0, 19) k`,
  );
  // a few blocks for the signed-in viewer, so its feed pays for the perks join
  await q(
    `INSERT INTO perks (user_id, action, target_user)
     SELECT ${LURKER}, 'block', 3 + k * 1013 % ${U - 3} FROM generate_series(0, 4) k ON CONFLICT DO NOTHING`,
  );
});

await timed('session for the load benchmark', () =>
  q(
    `INSERT INTO sessions (token_hash, user_id, expires)
     VALUES (decode($1, 'hex'), ${LURKER}, now() + interval '60 days')`,
    [sha256(BENCH_TOKEN)],
  ),
);

// --- counters the triggers keep during normal operation, recomputed set-based -----------
await timed('posts.upvotes/downvotes (staging)', () =>
  q(
    `UPDATE stage_posts p SET upvotes = v.up, downvotes = v.down
       FROM (SELECT post_id, count(*) FILTER (WHERE vote = 1)::int AS up,
                    count(*) FILTER (WHERE vote = -1)::int AS down
               FROM post_actions WHERE vote IS NOT NULL GROUP BY post_id) v
      WHERE p.id = v.post_id`,
  ),
);

await timed('posts.replies/active (staging)', async () => {
  // direct replies of every comment, then the sub-thread sums bottom-up (threads are 3 deep)
  await q(
    `UPDATE stage_posts p SET replies = c.n, active = c.last
       FROM (SELECT parent, count(*)::int AS n, max(created) AS last
               FROM stage_posts WHERE parent IS NOT NULL GROUP BY parent) c
      WHERE p.id = c.parent AND p.kind = 'comment'`,
  );
  await q(
    `UPDATE stage_posts p SET replies = p.replies + s.n, active = greatest(p.active, s.last)
       FROM (SELECT c.parent, sum(c.replies)::int AS n, max(c.active) AS last
               FROM stage_posts c JOIN stage_posts pp ON pp.id = c.parent AND pp.kind = 'comment'
              WHERE c.kind = 'comment' AND c.replies > 0 GROUP BY c.parent) s
      WHERE p.id = s.parent`,
  );
  await q(
    `UPDATE stage_posts p SET replies = c.n, active = greatest(p.created, c.last)
       FROM (SELECT uber, count(*)::int AS n, max(created) AS last
               FROM stage_posts WHERE parent IS NOT NULL GROUP BY uber) c
      WHERE p.id = c.uber`,
  );
});

await timed('posts.hot (staging, last 7 days)', () =>
  q(
    `UPDATE stage_posts SET hot = gwar_hot(upvotes - downvotes, created, now())
      WHERE parent IS NULL AND mode = 'public' AND created > now() - interval '7 days'`,
  ),
);

await timed('copy staging into posts (builds its indexes)', async () => {
  await q('INSERT INTO posts OVERRIDING SYSTEM VALUE SELECT * FROM stage_posts ORDER BY id');
  await q('DROP TABLE stage_posts');
});

// The side tables of 0007 (tag feed, /lurking), which the posts trigger fills in normal use.
await timed('post_tags/post_domains', async () => {
  await q(`INSERT INTO post_tags (tag, post_id)
    SELECT DISTINCT x, p.id FROM posts p CROSS JOIN LATERAL unnest(p.tags) x
     WHERE p.parent IS NULL AND p.mode = 'public'`);
  await q(`INSERT INTO post_domains (domain, post_id)
    SELECT DISTINCT x, p.id FROM posts p CROSS JOIN LATERAL unnest(p.domains) x
     WHERE p.parent IS NULL AND p.mode = 'public'`);
});

await q('SET session_replication_role = origin');

await timed('identity sequences', async () => {
  await q("SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))");
  await q("SELECT setval(pg_get_serial_sequence('posts', 'id'), (SELECT max(id) FROM posts))");
});

await timed('users.posts/comments/rating', () =>
  q(
    `UPDATE users u SET posts = s.posts, comments = s.comments, rating = s.rating
       FROM (SELECT user_id, count(*) FILTER (WHERE parent IS NULL)::int AS posts,
                    count(*) FILTER (WHERE parent IS NOT NULL)::int AS comments,
                    sum(upvotes - downvotes)::int AS rating
               FROM posts WHERE mode = 'public' GROUP BY user_id) s
      WHERE u.id = s.user_id`,
  ),
);

await timed('tags.count', () =>
  q(
    `UPDATE tags t SET count = s.n
       FROM (SELECT tag, count(*)::int AS n FROM posts, unnest(tags) tag
              WHERE parent IS NULL AND mode = 'public' GROUP BY tag) s
      WHERE t.tag = s.tag`,
  ),
);

await timed('vacuum analyze', () => q('VACUUM ANALYZE'));

const { rows: popular } = await q(
  "SELECT tag, count FROM tags WHERE tag <> 'tag1' ORDER BY count DESC LIMIT 1 OFFSET 20",
);
const { rows: counts } = await q(
  `SELECT (SELECT count(*) FROM posts)::int AS posts, (SELECT count(*) FROM users)::int AS users,
          (SELECT count(*) FROM post_actions WHERE vote IS NOT NULL)::int AS votes,
          (SELECT count(*) FROM perks)::int AS perks, (SELECT count(*) FROM tags)::int AS tags,
          (SELECT replies FROM posts WHERE id = ${P}) AS thread,
          pg_size_pretty(pg_database_size(current_database())) AS size`,
);
await db.end();

const data = {
  url,
  scale,
  threadPost: P,
  threadComments: THREAD,
  lurker: 'bench',
  sessionToken: BENCH_TOKEN,
  tag: popular[0]?.tag ?? 'tag2',
  tagPosts: popular[0]?.count ?? 0,
  // posts the vote benchmark may vote on: titled posts not by the voter
  votePosts: { from: 1, to: P - 1 },
  counts: counts[0],
};
writeFileSync(path.join(import.meta.dirname, '.data.json'), `${JSON.stringify(data, null, 2)}\n`);
console.log(`${'total'.padEnd(46)} ${((performance.now() - total) / 1000).toFixed(1).padStart(7)} s`);
console.log(
  `rows: ${counts[0].users} users, ${counts[0].tags} tags, ${counts[0].posts} posts, ${counts[0].votes} votes, ` +
    `${counts[0].perks} follows and blocks; thread ${P} has ${counts[0].thread} comments; database ${counts[0].size}`,
);
