/**
 * All of one's data as one JSON document (GDPR art. 15 and 20): the profile, every post and
 * comment (with drafts and deleted ones as they are stored), votes, favourites, follows, blocks,
 * chat messages (both sides of one's own conversations) and the uploaded files with their
 * addresses. Built from one REPEATABLE READ snapshot, so the parts agree with each other.
 * Machine-readable field names (English, like the API), dates in ISO 8601.
 */
import type { AccountExport } from 'shared-api/contract';
import type { Db } from '../db/index.ts';

const POSTS_SQL = `
  SELECT p.id AS post, p.kind, p.mode, p.parent, p.uber AS thread, p.title, p.url, p.source AS text,
         p.files, p.tags, p.upvotes, p.downvotes, p.replies, p.created, p.updated
    FROM posts p WHERE p.user_id = $1 ORDER BY p.id`;

/** `filesOrigin`: where /files/ is served (FILES_CDN, or the site itself). */
export async function exportAccount(db: Db, userId: number, filesOrigin: string): Promise<AccountExport> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const profile = await tx.query<AccountExport['profile']>(
      `SELECT username, email, status, roles, rating, theme, nsfw, avatar, posts, comments, created, seen
         FROM users WHERE id = $1`,
      [userId],
    );
    const posts = await tx.query<AccountExport['posts'][number]>(POSTS_SQL, [userId]);
    const votes = await tx.query<AccountExport['votes'][number]>(
      `SELECT post_id AS post, vote, voted FROM post_actions WHERE user_id = $1 AND vote IS NOT NULL ORDER BY voted`,
      [userId],
    );
    const favorites = await tx.query<AccountExport['favorites'][number]>(
      `SELECT post_id AS post, favorite AS favorited FROM post_actions
        WHERE user_id = $1 AND favorite IS NOT NULL ORDER BY favorite`,
      [userId],
    );
    const reports = await tx.query<AccountExport['reports'][number]>(
      'SELECT post_id AS post, report AS type FROM post_actions WHERE user_id = $1 AND report IS NOT NULL',
      [userId],
    );
    const perks = await tx.query<{
      action: 'follow' | 'block';
      user: string | null;
      tag: string | null;
      domain: string | null;
      created: string;
    }>(
      `SELECT k.action, u.username AS user, k.target_tag AS tag, k.target_domain AS domain, k.created
         FROM perks k LEFT JOIN users u ON u.id = k.target_user
        WHERE k.user_id = $1 ORDER BY k.created`,
      [userId],
    );
    const messages = await tx.query<{
      chat: string;
      with: string;
      from: string;
      text: string;
      created: string;
    }>(
      `SELECT m.chat_id AS chat, o.username AS with, a.username AS from, m.source AS text, m.created
         FROM chat_members cm
         JOIN users o ON o.id = cm.other_id
         JOIN messages m ON m.chat_id = cm.chat_id
         JOIN users a ON a.id = m.user_id
        WHERE cm.user_id = $1
        ORDER BY m.chat_id, m.id`,
      [userId],
    );
    const files = await tx.query<AccountExport['files'][number]>(
      `SELECT file, $2::text || '/files/' || file AS url, mime, bytes, width, height, created
         FROM files WHERE user_id = $1 ORDER BY created`,
      [userId, filesOrigin.replace(/\/$/, '')],
    );
    type PushRow = AccountExport['push_subscriptions'][number];
    // Its devices' Web Push subscriptions (docs/product.md ); their keys are the browsers'.
    const push = await tx.query<{ [Column in keyof PushRow]: PushRow[Column] }>(
      `SELECT endpoint, replies, messages, moderation, message_text, created, last_used
         FROM push_subscriptions WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    const chats = new Map<string, AccountExport['chats'][number]>();
    for (const row of messages.rows) {
      let chat = chats.get(row.chat);
      if (!chat) {
        chat = { with: row.with, messages: [] };
        chats.set(row.chat, chat);
      }
      chat.messages.push({ from: row.from, text: row.text, created: row.created });
    }
    const perk = (action: 'follow' | 'block') =>
      perks.rows
        .filter((row) => row.action === action)
        .map(({ user, tag, domain, created }) => ({ user, tag, domain, created }));
    return {
      exported: new Date().toISOString(),
      profile: profile.rows[0]!,
      posts: posts.rows.filter((row) => row.kind !== 'comment' && row.mode !== 'draft'),
      comments: posts.rows.filter((row) => row.kind === 'comment'),
      drafts: posts.rows.filter((row) => row.mode === 'draft'),
      votes: votes.rows,
      favorites: favorites.rows,
      reports: reports.rows,
      follows: perk('follow'),
      blocks: perk('block'),
      chats: [...chats.values()],
      files: files.rows,
      push_subscriptions: push.rows,
    };
  });
}
