/**
 * `tag_update {tag, about}`: reserves an unowned tag for the caller (creating it when no post
 * carries it yet), or lets the owner change the description. The description is rendered once,
 * here, by the body renderer (`about_html`). Someone else's tag: 403 `USER IS NOT THE AUTHOR`.
 * Taking a tag is public: it goes to the moderation log (`tag-taken`, shown on /modlog, R-10.11).
 */
import { signedIn } from '../../auth/access.ts';
import { forbidden } from '../../http/errors.ts';
import { renderBody } from '../../markup/render.ts';
import { logModeration } from '../../moderation/bans.ts';
import { defineRpc } from '../define.ts';

export const tagUpdate = defineRpc('tag_update', {
  access: 'user',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  async handle(ctx, { tag, about }) {
    const { viewer, db } = signedIn(ctx);
    const html = about ? renderBody(about).html : '';
    await db.transaction(async (tx) => {
      // Insert or take over only when unowned or already ours; the WHERE makes it one atomic step.
      // `before` is the row as the statement found it (a CTE reads the statement's snapshot).
      const { rows } = await tx.query<{ tag: string; taken: boolean }>(
        `WITH before AS (SELECT owner FROM tags WHERE tag = $1)
         INSERT INTO tags AS t (tag, owner, about, about_html) VALUES ($1, $2, $3, $4)
         ON CONFLICT (tag) DO UPDATE SET owner = EXCLUDED.owner, about = EXCLUDED.about, about_html = EXCLUDED.about_html
          WHERE t.owner IS NULL OR t.owner = EXCLUDED.owner
         RETURNING t.tag, (SELECT owner FROM before) IS DISTINCT FROM $2 AS taken`,
        [tag, viewer.id, about, html],
      );
      if (rows.length === 0) throw forbidden('USER IS NOT THE AUTHOR');
      if (rows[0]!.taken)
        await logModeration(tx, { actor: viewer.id, action: 'tag-taken', target: viewer.id, tag });
    });
    return { ok: true, tag, owner: viewer.username, about, about_html: html };
  },
});
