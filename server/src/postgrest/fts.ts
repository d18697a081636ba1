/**
 * The full-text operators of the read grammar (`fts`, `plfts`, `phfts`, `wfts`): the text of a
 * condition checked and turned into a tsquery, as build.ts writes it for a filter and the
 * search's rank (search/columns.ts) for the same condition.
 */
import { badRequest } from '../http/errors.ts';
import type { Condition } from './parse.ts';

/**
 * PostgREST's full-text operators and the PostgreSQL function each one parses its text with.
 * The text is folded like the documents (gwar_fold, migration 0013), so `zolw` finds `żółw`.
 */
const TSQUERY_FUNCTIONS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
/** The one configuration the search documents are built with (migration 0013). */
const TS_CONFIGS = new Set(['simple']);

/**
 * `to_tsquery` throws on bad syntax; checked here for a clear 400 instead of a database error:
 * words, `:*` prefixes, `& | ! <->` and balanced parentheses.
 */
export function checkTsquery(value: string): void {
  const fail = (why: string) => {
    throw badRequest(
      'INVALID VALUE',
      `"${value}" is not a valid full-text query: ${why}`,
      'Use plfts or wfts for plain words',
    );
  };
  const tokens = value.match(/[\p{L}\p{N}_]+(?::\*)?|<->|[&|!()]|\S/gu) ?? [];
  let depth = 0;
  let expectOperand = true;
  for (const token of tokens) {
    if (token === '(') {
      if (!expectOperand) fail('missing operator before "("');
      depth++;
    } else if (token === ')') {
      if (expectOperand || depth === 0) fail('unbalanced ")"');
      depth--;
    } else if (token === '!') {
      if (!expectOperand) fail('missing operator before "!"');
    } else if (token === '&' || token === '|' || token === '<->') {
      if (expectOperand) fail(`"${token}" needs a word before it`);
      expectOperand = true;
    } else if (/^[\p{L}\p{N}_]/u.test(token)) {
      if (!expectOperand) fail('two words need an operator between them');
      expectOperand = false;
    } else fail(`unexpected "${token}"`);
  }
  if (tokens.length === 0) fail('it is empty');
  if (expectOperand || depth !== 0) fail('it ends early');
}

/** The parsed query of a full-text condition, as SQL with its text as a parameter. */
export function tsquerySql(condition: Condition, builder: { param: (value: unknown) => string }): string {
  const config = condition.config ?? 'simple';
  if (!TS_CONFIGS.has(config)) {
    throw badRequest('INVALID VALUE', `Unknown text search configuration "${config}"`, 'Use simple');
  }
  const text = condition.value as string;
  if (text.length > 200) throw badRequest('INVALID VALUE', 'A full-text query is at most 200 characters');
  if (condition.operator === 'fts') checkTsquery(text);
  const fn = TSQUERY_FUNCTIONS[condition.operator as keyof typeof TSQUERY_FUNCTIONS];
  return `${fn}('simple'::regconfig, gwar_fold(${builder.param(text)}::text))`;
}
