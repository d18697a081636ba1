import { describe, expect, it } from 'vitest';
import { countLabel, plural } from './plural.ts';

describe('plural (Intl.PluralRules pl)', () => {
  const forms = ['komentarz', 'komentarze', 'komentarzy'] as const;
  it.each([
    [0, 'komentarzy'],
    [1, 'komentarz'],
    [2, 'komentarze'],
    [4, 'komentarze'],
    [5, 'komentarzy'],
    [11, 'komentarzy'],
    [12, 'komentarzy'],
    [14, 'komentarzy'],
    [21, 'komentarzy'],
    [22, 'komentarze'],
    [24, 'komentarze'],
    [25, 'komentarzy'],
    [101, 'komentarzy'],
    [102, 'komentarze'],
    [112, 'komentarzy'],
    [1.5, 'komentarze'],
  ])('%d → %s', (n, expected) => {
    expect(plural(n, ...forms)).toBe(expected);
    expect(plural(n, forms)).toBe(expected);
    expect(plural(n, { one: forms[0], few: forms[1], many: forms[2] })).toBe(expected);
  });

  it('countLabel puts the number first', () => {
    expect(countLabel(3, 'głos', 'głosy', 'głosów')).toBe('3 głosy');
    expect(countLabel(1, 'głos', 'głosy', 'głosów')).toBe('1 głos');
    expect(countLabel(7, 'głos', 'głosy', 'głosów')).toBe('7 głosów');
  });
});
