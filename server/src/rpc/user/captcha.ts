/** captcha_create: a new image captcha for sign-up or reset → `{id, svg}`. */
import { createCaptcha } from '../../auth/captcha.ts';
import { defineRpc } from '../define.ts';

export const captchaCreate = defineRpc('captcha_create', {
  access: 'any',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  handle: (ctx) => createCaptcha(ctx.db, ctx.config.captchaFixedText),
});
