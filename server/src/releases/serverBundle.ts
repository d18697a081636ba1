/**
 * A release's server bundle, checked at upload beside its browser entry (validate.ts): the file
 * the renderer pool draws guests' first screens with (server/src/render/README.md).
 */
import type { ReleaseFiles } from './tarball.ts';

/** A release's server bundle (rspack.base.ts defineServerBundle): one file, read by the renderer. */
export const SERVER_BUNDLE = 'server/server.mjs';
/** More than any remote's server bundle needs (mf-feed's is about 60 KiB). */
const SERVER_BUNDLE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The server bundle's checks (server/src/render/README.md): it is there, within its size, names
 * every exposed module the browser entry does (its quick dialogs aside: no first screen draws
 * one) in its one `export { … }` statement, and imports no package: the renderer gives it the
 * shared packages (rspack.base.ts SERVER_SHARED) and can read nothing but the release's files, so
 * an import of anything but Node's own modules could only fail there. Read as text: release code
 * never runs in the API process.
 */
export function serverBundleProblems(files: ReleaseFiles, exposes: readonly string[]): string[] {
  const bundle = files.get(SERVER_BUNDLE);
  if (!bundle) {
    return [
      `the release has no server bundle (${SERVER_BUNDLE}): build it with the remote's build script, whose second step is \`GWAR_BUNDLE=server rspack build\``,
    ];
  }
  if (bundle.length > SERVER_BUNDLE_MAX_BYTES)
    return [`the server bundle is ${bundle.length} bytes, more than ${SERVER_BUNDLE_MAX_BYTES}`];
  const text = bundle.toString('utf8');
  const problems: string[] = [];
  const exported = new Set<string>();
  for (const statement of text.matchAll(/^export\s*\{([^}]*)\}\s*;?\s*$/gm)) {
    for (const part of statement[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) exported.add(name);
    }
  }
  const missing = exposes.filter((module) => module !== 'dialogs' && !exported.has(module));
  if (missing.length)
    problems.push(`the server bundle does not export ${missing.join(', ')}, which the release exposes`);
  const imported = [...text.matchAll(/^import\s[^'"]*?['"]([^'"]+)['"]/gm)]
    .map((match) => match[1]!)
    .filter((source) => !source.startsWith('node:'));
  if (imported.length)
    problems.push(
      `the server bundle imports ${[...new Set(imported)].slice(0, 5).join(', ')}: the renderer provides the shared packages and reads nothing else`,
    );
  return problems;
}
