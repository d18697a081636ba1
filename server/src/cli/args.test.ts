import { describe, expect, it } from 'vitest';
import { parsePause, parseSteps } from './args.ts';

describe('the CLI plan', () => {
  it('reads pauses and steps as people write them', () => {
    expect(parsePause('10m')).toBe(600);
    expect(parsePause('90s')).toBe(90);
    expect(parsePause('1h30m')).toBe(5400);
    expect(parsePause('45')).toBe(45);
    expect(() => parsePause('10 minutes')).toThrow(/write it as 10m/);
    expect(() => parsePause('')).toThrow();
    expect(parseSteps('5,25,50,100')).toEqual([5, 25, 50, 100]);
    expect(parseSteps('5%, 100%')).toEqual([5, 100]);
    expect(() => parseSteps('5,half,100')).toThrow(/write shares as/);
  });
});
