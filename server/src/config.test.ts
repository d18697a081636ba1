import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('does not trust X-Forwarded-For unless told to (per-IP limits cannot be dodged)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('reads the port and origin from the given environment', () => {
    const config = loadConfig({ PORT: '4100' });
    expect(config.port).toBe(4100);
    expect(config.publicOrigin).toBe('http://localhost:4100');
  });
});
