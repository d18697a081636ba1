/**
 * The shell ships react-router-dom and @tanstack/react-query tree-shaken to the exports listed in
 * `TREE_SHAKEN_SHARES` (rspack.base.ts). An app that imports anything else from them would find
 * it missing on the page (or, worse, load a second copy that does not see the shell's router or
 * QueryClient), so every value import in the shell, the remotes and the shared packages must be
 * on the list. The release upload checks the same for remotes built elsewhere (validate.ts).
 * The other way round, the list holds nothing no app imports: every export shipped is in every
 * visitor's first load.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TREE_SHAKEN_SHARES } from '../../rspack.base.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...sources(file));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(file);
  }
  return out;
}

const apps = readdirSync(root).filter(
  (name) =>
    /^(shell|mf-[a-z]+|shared-api|shared-ui)$/.test(name) && statSync(path.join(root, name)).isDirectory(),
);
// The renderer's program (shell/src/server/) is built for Node with whole packages of its own: it
// provides them to the releases' server bundles, and nothing of it reaches a browser.
const serverProgram = path.join(root, 'shell', 'src', 'server') + path.sep;
const files = apps
  .flatMap((app) => sources(path.join(root, app, 'src')))
  .filter((file) => !file.startsWith(serverProgram));

/** The names a file imports as values from `pkg` (type-only imports are erased and cost nothing). */
function valueImports(text: string, pkg: string): string[] {
  const names: string[] = [];
  const escaped = pkg.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');
  const pattern = new RegExp(`import\\s+(type\\s+)?([^;]*?)\\s+from\\s+['"]${escaped}['"]`, 'g');
  for (const match of text.matchAll(pattern)) {
    if (match[1]) continue;
    const clause = match[2] ?? '';
    const braces = /\{([^}]*)\}/.exec(clause);
    if (!braces) {
      // `import X from` or `import * as X from`: the whole package.
      names.push('*');
      continue;
    }
    for (const part of braces[1]!.split(',')) {
      const name = part.trim();
      if (!name || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

describe('tree-shaken shared packages', () => {
  it('finds the value imports of a file, skipping type-only ones', () => {
    const text = [
      "import { type InfiniteData, useQuery, useMutation as mutate } from '@tanstack/react-query';",
      "import type { QueryClient } from '@tanstack/react-query';",
      "import {\n  Link,\n  useParams,\n} from 'react-router-dom';",
    ].join('\n');
    expect(valueImports(text, '@tanstack/react-query')).toEqual(['useQuery', 'useMutation']);
    expect(valueImports(text, 'react-router-dom')).toEqual(['Link', 'useParams']);
  });

  for (const [pkg, shipped] of Object.entries(TREE_SHAKEN_SHARES)) {
    it(`every app imports only the ${pkg} exports the shell ships`, () => {
      const outside: string[] = [];
      let seen = 0;
      for (const file of files) {
        for (const name of valueImports(readFileSync(file, 'utf8'), pkg)) {
          seen++;
          if (!shipped.includes(name)) outside.push(`${path.relative(root, file)}: ${name}`);
        }
      }
      expect(seen).toBeGreaterThan(0);
      expect(outside).toEqual([]);
    });

    it(`ships no ${pkg} export that no app imports (each one costs every first load)`, () => {
      const used = new Set(files.flatMap((file) => valueImports(readFileSync(file, 'utf8'), pkg)));
      expect(shipped.filter((name) => !used.has(name))).toEqual([]);
    });
  }
});
