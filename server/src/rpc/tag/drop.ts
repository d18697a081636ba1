/**
 * `tag_drop {tag}`: the owner gives the tag up; it is public again and its description goes.
 * Unknown tag: 404 `TAG NOT FOUND`; someone else's (or nobody's): 403 `USER IS NOT THE AUTHOR`.
 * A tag made public again is public news: it goes to the moderation log (`tag-dropped`, /modlog).
 */
import { signedIn } from '../../auth/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { logModeration } from '../../moderation/bans.ts';
import { defineRpc } from '../define.ts';

export const tagDrop = defineRpc('tag_drop', {
  access: 'user',
  async handle(ctx, { tag }) {
    const { viewer, db } = signedIn(ctx);
    const { rows } = await db.query<{ owner: number | null }>('SELECT owner FROM tags WHERE tag = $1', [tag]);
    if (rows.length === 0) throw notFound('TAG NOT FOUND');
    await db.transaction(async (tx) => {
      const dropped = await tx.query(
        "UPDATE tags SET owner = NULL, about = '', about_html = '' WHERE tag = $1 AND owner = $2",
        [tag, viewer.id],
      );
      if (dropped.rowCount === 0) throw forbidden('USER IS NOT THE AUTHOR');
      await logModeration(tx, { actor: viewer.id, action: 'tag-dropped', target: viewer.id, tag });
    });
    return { ok: true };
  },
});
