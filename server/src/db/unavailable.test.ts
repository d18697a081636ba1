import { describe, expect, it } from 'vitest';
import { isDatabaseBusy, isDatabaseUnavailable } from './unavailable.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database errors the API answers with 503', () => {
  it('unavailable: sockets, class 08, shutdowns, and no answer within the read bound', () => {
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('not unavailable: a protocol violation (a message the server refused) and statement errors', () => {
    expect(isDatabaseUnavailable(pgError('08P01', 'invalid message format'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42883', 'operator does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('40P01', 'deadlock detected'))).toBe(false);
  });

  it('busy: a lock or statement bound reached, or a deadlock victim after its retries', () => {
    for (const code of ['55P03', '57014', '40P01', '40001']) expect(isDatabaseBusy(pgError(code))).toBe(true);
    expect(isDatabaseBusy(pgError('23505'))).toBe(false);
    expect(isDatabaseBusy(null)).toBe(false);
  });
});
