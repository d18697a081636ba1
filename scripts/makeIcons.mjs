/**
 * Draws the site's icons for the web app manifest (shell/public/manifest.webmanifest) once, from
 * one drawing: the favicon's "G" on its blue (shell/src/layout/favicon.ts), as a path so no font
 * is needed. Writes shell/public/icons/: icon.svg, PNGs of 192 and 512 px with rounded corners,
 * and maskable ones (the whole square blue, the letter inside the central safe circle of 80 %
 * that a launcher's mask keeps). The PNGs are committed; run again only when the drawing changes:
 *
 *   node scripts/makeIcons.mjs
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// sharp is the server's dependency (server/src/files); the script borrows it.
const sharp = createRequire(path.join(root, 'server', 'package.json'))('sharp');
const out = path.join(root, 'shell', 'public', 'icons');

const BLUE = '#2563eb';
/** A "G": three quarters of a ring open on the right, and its bar, in a 512 square. */
const LETTER = `<path d="M347.9 164.1A130 130 0 1 0 386 256H262" fill="none" stroke="#fff" stroke-width="56"/>`;
const drawing = ({ maskable }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><title>Gwar</title>` +
  `<rect width="512" height="512"${maskable ? '' : ' rx="112"'} fill="${BLUE}"/>${LETTER}</svg>`;

writeFileSync(path.join(out, 'icon.svg'), `${drawing({ maskable: false })}\n`);
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-192.png', 192, true],
  ['maskable-512.png', 512, true],
]) {
  await sharp(Buffer.from(drawing({ maskable })), { density: (72 * size) / 512 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
}
console.info(`icons written to ${path.relative(root, out)}`);
