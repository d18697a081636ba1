import { createCaptcha } from '../../auth/captcha.ts';
import { defineRpc } from '../define.ts';

export const captchaCreate = defineRpc('captcha_create', {
  access: 'any',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  handle: (ctx) => createCaptcha(ctx.db, ctx.config.captchaFixedText),
});
