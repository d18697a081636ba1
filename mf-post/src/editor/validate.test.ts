import { MESSAGES } from 'shared-api/validation';
import { describe, expect, it } from 'vitest';
import { validatePost } from './validate.ts';

const base = { title: '', url: '', body: '', files: [] as string[] };

describe('validatePost', () => {
  it('R-5.1, R-5.2: gives every title and body message under its field (R-9.2)', () => {
    expect(validatePost('post', { ...base, body: 'x' })).toEqual({
      ok: false,
      errors: { title: MESSAGES.titleRequired },
    });
    expect(validatePost('post', { ...base, title: ' krótki  ', body: 'x' })).toMatchObject({
      errors: { title: MESSAGES.titleTooShort },
    });
    expect(validatePost('post', { ...base, title: 'x'.repeat(301), body: 'x' })).toMatchObject({
      errors: { title: MESSAGES.titleTooLong },
    });
    expect(validatePost('micro', { ...base, body: '  \n ' })).toMatchObject({
      errors: { body: MESSAGES.bodyRequired },
    });
    expect(validatePost('comment', { ...base, body: 'x'.repeat(50_001) })).toMatchObject({
      errors: { body: MESSAGES.bodyTooLong },
    });
  });

  it('accepts a file instead of text, and normalizes', () => {
    expect(validatePost('micro', { ...base, files: ['abcdefgh.png'] })).toMatchObject({ ok: true });
    expect(validatePost('post', { ...base, title: '  Dobry tytuł wpisu ', body: 'a   b' })).toEqual({
      ok: true,
      data: { title: 'Dobry tytuł wpisu', url: null, body: 'a b', files: [] },
    });
  });
});
