/** captcha_create: a new image captcha for sign-up or reset → `{id, svg}`. */
import { emptyInput } from 'shared-api/validation';
import { createCaptcha } from '../../auth/captcha.ts';
import { defineRpc } from '../define.ts';

export const captchaCreate = defineRpc({
  name: 'captcha_create',
  access: 'any',
  input: emptyInput,
  rateLimit: { max: 30, timeWindow: '1 minute' },
  handle: (ctx) => createCaptcha(ctx.db, ctx.config.captchaFixedText),
});
