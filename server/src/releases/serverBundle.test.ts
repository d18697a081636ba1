import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, serverBundleProblems } from './serverBundle.ts';

const files = (bundle: string | null) =>
  new Map(bundle === null ? [] : [[SERVER_BUNDLE, Buffer.from(bundle)]]);

/** The tail of a server bundle as rspack.base.ts defineServerBundle writes it. */
const BUILT = `var __webpack_exports__HomeFeed = __webpack_exports__.a;
var __webpack_exports__TagFeed = __webpack_exports__.b;
export { __webpack_exports__HomeFeed as HomeFeed, __webpack_exports__TagFeed as TagFeed };
`;

describe('a release upload’s server bundle', () => {
  it('takes a bundle that exports every exposed page module and imports nothing', () => {
    expect(serverBundleProblems(files(BUILT), ['HomeFeed', 'TagFeed', 'dialogs'])).toEqual([]);
  });

  it('refuses a release without one, saying how to build it', () => {
    expect(serverBundleProblems(files(null), ['HomeFeed'])).toEqual([
      expect.stringContaining('GWAR_BUNDLE=server rspack build'),
    ]);
  });

  it('refuses a bundle that leaves out an exposed page module', () => {
    expect(serverBundleProblems(files(BUILT), ['HomeFeed', 'TagFeed', 'SearchPage'])).toEqual([
      'the server bundle does not export SearchPage, which the release exposes',
    ]);
  });

  it('refuses a bundle that imports a package the renderer does not give it; Node’s own are fine', () => {
    const bundle = `import fs from "node:fs";\nimport React from 'react';\nimport { x } from "left-pad";\n${BUILT}`;
    expect(serverBundleProblems(files(bundle), ['HomeFeed'])).toEqual([
      expect.stringContaining('imports react, left-pad'),
    ]);
  });

  it('refuses a bundle past its size', () => {
    expect(serverBundleProblems(files(`${BUILT}${' '.repeat(8 * 1024 * 1024)}`), ['HomeFeed'])).toEqual([
      expect.stringContaining('more than'),
    ]);
  });
});
