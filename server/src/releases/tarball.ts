/**
 * Reads an uploaded release (a gzipped tarball of a remote's `dist/` folder) into memory, within
 * limits: no links or devices, no absolute or `..` paths, only the file types a built remote
 * has, and bounded sizes, so a hostile or broken archive is refused before anything is stored.
 */
import { Parser, type ReadEntry } from 'tar';

export const RELEASE_LIMITS = {
  /** The uploaded archive (compressed). */
  archiveBytes: 50 * 1024 * 1024,
  /** All files, unpacked. */
  totalBytes: 200 * 1024 * 1024,
  files: 3000,
};

/** What a built remote may contain (no HTML: nothing under /mf/ may become a page of the site). */
const ALLOWED = /\.(js|mjs|css|json|map|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|txt)$/i;
/**
 * The declaration files of a remote's exposes, at the release's root under the names Module
 * Federation's dts plugin gives them (a build with GWAR_TYPES=1): served for other teams' type
 * checks (docs/releases.md, "Types for the teams"), never run by a browser.
 */
export const TYPES_FILES = ['@mf-types.zip', '@mf-types.d.ts'];

export type ReleaseLimits = typeof RELEASE_LIMITS;
const PATH = /^[A-Za-z0-9._@-]+(\/[A-Za-z0-9._@-]+)*$/;

export class ReleaseArchiveError extends Error {}

export type ReleaseFiles = Map<string, Buffer>;

/**
 * The one reading of an archive, whoever has one: the upload route and `pnpm gwar release check`
 * (check.ts), so a team's CI meets the same limits before it uploads.
 */
export function readReleaseArchive(
  archive: Buffer,
  limits: ReleaseLimits = RELEASE_LIMITS,
): Promise<ReleaseFiles> {
  if (archive.length > limits.archiveBytes) {
    return Promise.reject(
      new ReleaseArchiveError(
        `the archive is ${formatBytes(archive.length)}, more than the ${formatBytes(limits.archiveBytes)} an upload may be`,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const files: ReleaseFiles = new Map();
    let total = 0;
    let failed = false;
    const fail = (message: string) => {
      if (failed) return;
      failed = true;
      reject(new ReleaseArchiveError(message));
    };
    const parser = new Parser({
      strict: true,
      onwarn: (_code, message) => fail(`not a valid tarball: ${message}`),
    });
    parser.on('entry', (entry: ReadEntry) => {
      const name = entry.path.replace(/^\.\//, '').replace(/\/$/, '');
      if (failed || entry.type === 'Directory' || name === '' || name === '.') {
        entry.resume();
        return;
      }
      if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile') {
        fail(`${name}: only plain files are allowed (found ${entry.type})`);
        entry.resume();
        return;
      }
      if (!PATH.test(name) || name.split('/').some((s) => s === '..' || s === '.')) {
        fail(`${name}: file paths may use only letters, digits, . _ @ - and /`);
        entry.resume();
        return;
      }
      if (name.endsWith('.build-hash')) {
        entry.resume();
        return;
      }
      if (!ALLOWED.test(name) && !TYPES_FILES.includes(name)) {
        fail(`${name}: this file type does not belong in a built remote`);
        entry.resume();
        return;
      }
      total += entry.size;
      if (files.size + 1 > limits.files) fail(`more than ${limits.files} files`);
      if (total > limits.totalBytes) fail(`more than ${formatBytes(limits.totalBytes)} unpacked`);
      if (failed) {
        entry.resume();
        return;
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => files.set(name, Buffer.concat(chunks)));
    });
    parser.on('error', (error: Error) => fail(`not a valid tarball: ${error.message}`));
    parser.on('end', () => {
      if (failed) return;
      if (files.size === 0) fail('the archive holds no files');
      else resolve(stripDistFolder(files));
    });
    parser.end(archive);
  });
}

/** 512 bytes, 37 KiB, 50.0 MiB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** `dist/mf-manifest.json` → `mf-manifest.json` when the archive was made one level up. */
function stripDistFolder(files: ReleaseFiles): ReleaseFiles {
  if (files.has('mf-manifest.json')) return files;
  const names = [...files.keys()];
  const prefixes = new Set(names.map((name) => name.split('/')[0]));
  if (prefixes.size !== 1 || !names.every((name) => name.includes('/'))) return files;
  const [prefix] = prefixes;
  return new Map([...files].map(([name, data]) => [name.slice(prefix!.length + 1), data]));
}
