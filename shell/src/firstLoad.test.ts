/**
 * Keeps the shell's first load small: the shared singletons (shared-api, shared-ui) and the shell
 * itself are all bundled into what every page loads, so none of them may import zod (the form
 * schemas and the call contract live in `shared-api/validation`, for forms and the server; its
 * zod-free rules.ts and words.ts may be imported) or import DOMPurify statically (it is loaded on
 * demand by shared-ui's sanitiser).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

function sources(dir: string, skip: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...sources(file, skip));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !skip(file)) out.push(file);
  }
  return out;
}

const files = [
  ...sources(path.join(root, 'shell', 'src'), () => false),
  ...sources(path.join(root, 'shared-ui', 'src'), () => false),
  ...sources(path.join(root, 'shared-api', 'src'), (file) =>
    file.includes(`${path.sep}validation${path.sep}`),
  ),
];

// Value imports only: `import type` is erased and costs nothing.
const FORBIDDEN = [
  /^\s*import\s+(?!type\b)[^;]*from\s+['"]zod['"]/m,
  /^\s*import\s+(?!type\b)[^;]*from\s+['"]shared-api\/validation['"]/m,
  /^\s*import\s+(?!type\b)[^;]*from\s+['"](\.\.?\/)+validation\/(?!rules\.ts|words\.ts)[^'"]+['"]/m,
  /^\s*import\s+(?!type\b)[^;]*from\s+['"]dompurify['"]/m,
];

describe('first load', () => {
  it.each(files.map((file) => [path.relative(root, file), file]))(
    '%s pulls in no zod or DOMPurify',
    (_, file) => {
      const text = readFileSync(file, 'utf8');
      for (const pattern of FORBIDDEN) {
        expect(
          text,
          'import LIMITS / MESSAGES / PATTERNS from "shared-api" (no zod), and DOMPurify only through loadSanitizer()',
        ).not.toMatch(pattern);
      }
    },
  );
});
