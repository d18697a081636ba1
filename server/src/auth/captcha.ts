/**
 * Image captchas for sign-up and password reset (svg-captcha). The answer is stored as a
 * hash with an expiry and is checked once: right or wrong, a captcha cannot be tried again.
 * `CAPTCHA_FIXED_TEXT` (tests only) fixes the text so a browser test can type it.
 */
import { createHash, randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Queryable } from '../db/index.ts';
import { ApiError, badRequest } from '../http/errors.ts';

const TTL_MS = 10 * 60_000;
// The package's main export also renders a given text; its type declarations omit that.
const renderText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;
// Letters easy to confuse on a noisy image are left out.
const IGNORE = '0oO1ilIjJ';

function answerHash(text: string): Buffer {
  return createHash('sha256').update(text.trim().toLowerCase()).digest();
}

export async function createCaptcha(
  db: Queryable,
  fixedText: string | null,
): Promise<{ id: string; svg: string }> {
  let text: string;
  let svg: string;
  try {
    const options = {
      noise: 2,
      width: 180,
      height: 60,
      fontSize: 56,
      background: '#f4f1ea',
      ignoreChars: IGNORE,
    };
    if (fixedText) {
      text = fixedText;
      svg = renderText(fixedText, options);
    } else {
      const created = svgCaptcha.create({ ...options, size: 4 + (randomBytes(1)[0]! % 3) });
      text = created.text;
      svg = created.data;
    }
  } catch (error) {
    throw new ApiError(500, 'CAPTCHA GENERATOR FAILED', String(error));
  }
  const id = randomBytes(9).toString('base64url'); // 12 characters (docs/product.md identifier)
  await db.query('DELETE FROM captchas WHERE expires < now()');
  await db.query('INSERT INTO captchas (id, text_hash, expires) VALUES ($1, $2, $3)', [
    id,
    answerHash(text),
    new Date(Date.now() + TTL_MS),
  ]);
  return { id, svg };
}

/** Consumes the captcha; throws 'CAPTCHA INCORRECT' for a wrong, expired or unknown one. */
export async function checkCaptcha(db: Queryable, captcha: { id: string; text: string }): Promise<void> {
  const { rows } = await db.query<{ text_hash: Buffer; expires: Date }>(
    'DELETE FROM captchas WHERE id = $1 RETURNING text_hash, expires',
    [captcha.id],
  );
  const row = rows[0];
  if (
    !row ||
    new Date(row.expires).getTime() < Date.now() ||
    !row.text_hash.equals(answerHash(captcha.text))
  ) {
    throw badRequest('CAPTCHA INCORRECT');
  }
}
