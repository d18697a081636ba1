import { describe, expect, it } from 'vitest';
import { PATTERNS } from './rules.ts';

const x = (n: number, c = 'a') => c.repeat(n);

describe('PATTERNS (R-5.11)', () => {
  it('a tag: 2-30 lower-case letters, Polish ones too, and digits (R-5.11)', () => {
    for (const ok of ['ab', 'żółw', 'książki2026', x(30)]) expect(PATTERNS.tag.test(ok), ok).toBe(true);
    for (const bad of ['a', x(31), 'Duże', 'z-myślnikiem', 'a b', 'nsfw!'])
      expect(PATTERNS.tag.test(bad), bad).toBe(false);
  });

  it('a domain: 4-48 letters, digits, dashes, underscores and dots; 4-120 in links (R-5.11)', () => {
    expect(PATTERNS.domain.test('a.pl')).toBe(true);
    expect(PATTERNS.domain.test('sub_domain-1.example.org')).toBe(true);
    expect(PATTERNS.domain.test('a.p')).toBe(false);
    expect(PATTERNS.domain.test(x(48))).toBe(true);
    expect(PATTERNS.domain.test(x(49))).toBe(false);
    expect(PATTERNS.domain.test('exa mple.pl')).toBe(false);
    expect(PATTERNS.linkDomain.test(x(120))).toBe(true);
    expect(PATTERNS.linkDomain.test(x(121))).toBe(false);
  });

  it('a captcha answer 4-6 letters or digits; an e-mailed token 30-60 (R-5.11)', () => {
    expect(PATTERNS.captcha.test('aB3d')).toBe(true);
    expect(PATTERNS.captcha.test('aB3dE6')).toBe(true);
    expect(PATTERNS.captcha.test('aB3')).toBe(false);
    expect(PATTERNS.captcha.test('aB3dE6g')).toBe(false);
    expect(PATTERNS.captcha.test('ab-d')).toBe(false);
    expect(PATTERNS.token.test(x(30, 'Z'))).toBe(true);
    expect(PATTERNS.token.test(x(60, '7'))).toBe(true);
    expect(PATTERNS.token.test(x(29))).toBe(false);
    expect(PATTERNS.token.test(x(61))).toBe(false);
  });

  it('a URL up to 1000 characters without spaces (R-5.11)', () => {
    expect(PATTERNS.url.test(`https://a.pl/${x(987)}`)).toBe(true);
    expect(PATTERNS.url.test(`https://a.pl/${x(988)}`)).toBe(false);
    expect(PATTERNS.url.test('https://a.pl/z spacją')).toBe(false);
  });

  it('a stored file name: 7-14 characters plus an extension of 3-4 letters (R-5.11)', () => {
    expect(PATTERNS.fileName.test('abcdefg.png')).toBe(true);
    expect(PATTERNS.fileName.test('abc_def-ghij12.webp')).toBe(true);
    expect(PATTERNS.fileName.test('abcdef.png')).toBe(false);
    expect(PATTERNS.fileName.test(`${x(15)}.png`)).toBe(false);
    expect(PATTERNS.fileName.test('abcdefg.jp')).toBe(false);
    expect(PATTERNS.fileName.test('abcdefg.jpegx')).toBe(false);
    expect(PATTERNS.fileName.test('../etc/pass.png')).toBe(false);
  });

  it("a conversation's id: two names of 3-30 characters joined by a dash; an identifier 7-14 (R-5.11)", () => {
    expect(PATTERNS.threadId.test('ala-bob')).toBe(true);
    expect(PATTERNS.threadId.test(`${x(30)}-${x(30, 'b')}`)).toBe(true);
    expect(PATTERNS.threadId.test('al-bob')).toBe(false);
    expect(PATTERNS.threadId.test('alabob')).toBe(false);
    expect(PATTERNS.identifier.test('abc-12_')).toBe(true);
    expect(PATTERNS.identifier.test(x(14))).toBe(true);
    expect(PATTERNS.identifier.test(x(6))).toBe(false);
    expect(PATTERNS.identifier.test(x(15))).toBe(false);
  });
});
