import { describe, expect, it } from 'vitest';
import { applyCompletion, findTrigger } from './autocomplete.ts';

describe('findTrigger', () => {
  it('finds a mention or a tag being typed, with more than 2 characters (R-5.13, R-9.4)', () => {
    expect(findTrigger('hej @al', 7)).toBeNull();
    expect(findTrigger('hej @ala', 8)).toEqual({ kind: 'user', query: 'ala', start: 4 });
    expect(findTrigger('o #Żółw', 7)).toEqual({ kind: 'tag', query: 'żółw', start: 2 });
    expect(findTrigger('mail ala@example', 16)).toBeNull();
    expect(findTrigger('&#123', 5)).toBeNull();
  });

  it('looks only at the last 30 characters before the caret (R-5.13, R-9.4)', () => {
    const long = `@${'a'.repeat(40)}`;
    expect(findTrigger(long, long.length)).toBeNull();
  });
});

describe('applyCompletion', () => {
  it('replaces the fragment and the rest of the word', () => {
    const trigger = findTrigger('hej @ala ma kota', 8)!;
    expect(applyCompletion('hej @ala ma kota', 8, trigger, 'ala_ma_kota')).toEqual({
      text: 'hej @ala_ma_kota ma kota',
      caret: 17,
    });
  });
});
