import { describe, expect, it } from 'vitest';
import {
  pageViews,
  pauseText,
  reportBreakdown,
  reportsCount,
  stepText,
  verdictText,
  vitalsGuardText,
  vitalText,
  waitingPosts,
} from './texts.ts';

describe('moderation texts', () => {
  it('uses Polish plural forms', () => {
    expect(reportsCount(1)).toBe('1 zgłoszenie');
    expect(reportsCount(2)).toBe('2 zgłoszenia');
    expect(reportsCount(5)).toBe('5 zgłoszeń');
    expect(reportsCount(24)).toBe('24 zgłoszenia');
    expect(waitingPosts(1)).toBe('1 wpis czeka na decyzję');
    expect(waitingPosts(3)).toBe('3 wpisy czekają na decyzję');
    expect(waitingPosts(11)).toBe('11 wpisów czeka na decyzję');
  });

  it('lists only the reported types', () => {
    expect(reportBreakdown({ rules: 2, porn: 0, nsfw: 1 })).toEqual([
      'Łamie regulamin: 2',
      'Treść dla dorosłych bez #nsfw: 1',
    ]);
  });
});

describe('Web Vitals texts', () => {
  it('reads milliseconds, seconds and the layout score as people write them', () => {
    expect(vitalText('inp', 183.4)).toBe('183 ms');
    expect(vitalText('lcp', 2450)).toBe('2,45 s');
    expect(vitalText('ttfb', 1000)).toBe('1,0 s');
    expect(vitalText('cls', 0.0512)).toBe('0,051');
    expect(vitalText('lcp', null)).toBe('–');
    expect([pageViews(1), pageViews(3), pageViews(5)]).toEqual(['1 odsłona', '3 odsłony', '5 odsłon']);
  });

  it("says the Web Vitals guard's judgement with its margin and figures", () => {
    const lcp = { metric: 'lcp' as const, canary: 1900, stable: 1800, canarySamples: 62, stableSamples: 241 };
    expect(vitalsGuardText({ state: 'waiting', margin: 0.2, minSamples: 50, metrics: [] })).toBe(
      'Strażnik Web Vitals (margines 20%): czeka, aż kanarek i wersja stabilna będą mieć po 50 odsłon z LCP lub INP.',
    );
    expect(
      vitalsGuardText({ state: 'healthy', margin: 0.2, minSamples: 50, metrics: [{ ...lcp, worse: false }] }),
    ).toBe(
      'Strażnik Web Vitals (margines 20%): bez pogorszenia. LCP p75: kanarek 1,9 s (62 odsłony), wersja stabilna 1,8 s (241 odsłon).',
    );
    expect(
      vitalsGuardText({
        state: 'failing',
        margin: 0.1,
        minSamples: 50,
        metrics: [
          { ...lcp, worse: false },
          { metric: 'inp', canary: 300, stable: 200, canarySamples: 51, stableSamples: 52, worse: true },
        ],
      }),
    ).toBe(
      'Strażnik Web Vitals (margines 10%): kanarek wyraźnie wolniejszy niż wersja stabilna. ' +
        'LCP p75: kanarek 1,9 s (62 odsłony), wersja stabilna 1,8 s (241 odsłon). ' +
        'INP p75: kanarek 300 ms (51 odsłon), wersja stabilna 200 ms (52 odsłony), gorzej o 50%.',
    );
  });
});

describe('release texts', () => {
  const verdict = {
    state: 'healthy' as const,
    reason: '',
    canary: { loads: 22, failures: 1 },
    stable: { loads: 1000, failures: 3 },
    minSamples: 20,
    minFailures: 5,
    step: null,
  };
  const now = new Date('2026-11-26T10:00:00Z').getTime();
  const step = {
    step: 2,
    of: 4,
    percent: 25,
    next: 50,
    loads: 12,
    needLoads: 20,
    pauseEnds: '2026-11-26T10:05:00Z',
    holding: null,
  };

  it("says the guard's verdict in words, with Polish plurals and figures", () => {
    expect(verdictText(verdict)).toBe(
      'Zdrowy: nie zawodzi wyraźnie częściej niż wersja stabilna (kanarek: 22 wczytania, błędy: 4,5% (1 z 22); wersja stabilna: 1000 wczytań, błędy: 0,3% (3 z 1000)).',
    );
    expect(verdictText({ ...verdict, state: 'waiting', canary: { loads: 1, failures: 0 } })).toMatch(
      /^Za mało danych, by ocenić: potrzeba 20 wczytań kanarka \(kanarek: 1 wczytanie, bez błędów;/,
    );
    expect(verdictText({ ...verdict, state: 'suspect', p: 0.0123 })).toMatch(
      /^Podejrzany: .*\(szansa przypadku: 1,2%; kanarek: 22 wczytania/,
    );
  });

  it('says when a rollout moves on, or why it holds', () => {
    expect(stepText(step, 'healthy', now)).toMatch(
      /^Krok 2 z 4: 25% odwiedzających\. Następny krok \(50%\) za 5 minut \(o \d{2}:05\), jeśli kanarek pozostanie zdrowy/,
    );
    const due = now + 6 * 60_000;
    expect(stepText(step, 'healthy', due)).toBe(
      'Krok 2 z 4: 25% odwiedzających. Wstrzymany: w tym kroku było dopiero 12 wczytań z potrzebnych 20; brak ruchu to nie sukces.',
    );
    expect(stepText({ ...step, loads: 30 }, 'suspect', due)).toMatch(/Wstrzymany, dopóki strażnik/);
    expect(stepText({ ...step, next: 100, loads: 30 }, 'healthy', due)).toMatch(
      /Awans do wersji stabilnej przy najbliższym sprawdzeniu/,
    );
    expect(pauseText(600)).toBe('10 min');
    expect(pauseText(5400)).toBe('1 godz. 30 min');
    expect(pauseText(45)).toBe('45 s');
  });
});
