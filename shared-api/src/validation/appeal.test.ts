import { describe, expect, it } from 'vitest';
import { appealDecideInput, banAppealForm, banAppealInput } from './appeal.ts';
import { APPEAL_MESSAGES as MESSAGES, APPEAL_VALIDATION_KEYS as VALIDATION_KEYS } from './appealTexts.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('ban appeal schemas (docs/product.md R-10.12, R-10.13)', () => {
  it('R-10.12 collapses spaces as a body does and keeps at most one blank line', () => {
    const parsed = banAppealForm.parse({ text: '  To   była\n\n\n\npomyłka  ' });
    expect(parsed.text).toBe('To była\n\npomyłka');
  });

  it('R-10.12 refuses an empty text and one over 2000 characters with their Polish messages', () => {
    expect(messages(banAppealForm.safeParse({ text: ' \n ' }))).toEqual([MESSAGES.required]);
    expect(messages(banAppealForm.safeParse({}))).toEqual([MESSAGES.required]);
    expect(banAppealForm.safeParse({ text: 'x'.repeat(2000) }).success).toBe(true);
    expect(messages(banAppealForm.safeParse({ text: 'x'.repeat(2001) }))).toEqual([MESSAGES.tooLong]);
    expect(MESSAGES.required).toBe('Napisz, dlaczego ban powinien zostać zdjęty');
    expect(MESSAGES.tooLong).toBe('Odwołanie za długie (max 2 tys. znaków)');
    expect(VALIDATION_KEYS[MESSAGES.tooLong]).toBe('APPEAL TEXT TOO LONG');
  });

  it('R-10.12 needs the name and password by the sign-in rules', () => {
    expect(banAppealInput.safeParse({ username: 'ab', password: 'secret123', text: 'Proszę' }).success).toBe(
      false,
    );
    expect(banAppealInput.safeParse({ username: 'anna', password: 'ma ło', text: 'Proszę' }).success).toBe(
      false,
    );
    expect(banAppealInput.parse({ username: ' anna ', password: 'secret123', text: 'Proszę' })).toEqual({
      username: 'anna',
      password: 'secret123',
      text: 'Proszę',
    });
  });

  it('R-10.13 a rejection needs a reason of at most 500 characters; an acceptance does not', () => {
    expect(appealDecideInput.parse({ appeal: 1, accept: true })).toEqual({
      appeal: 1,
      accept: true,
      answer: '',
    });
    expect(messages(appealDecideInput.safeParse({ appeal: 1, accept: false, answer: '   ' }))).toEqual([
      MESSAGES.answerRequired,
    ]);
    expect(
      messages(appealDecideInput.safeParse({ appeal: 1, accept: false, answer: 'x'.repeat(501) })),
    ).toEqual([MESSAGES.answerTooLong]);
    expect(appealDecideInput.safeParse({ appeal: 0, accept: true }).success).toBe(false);
  });
});
