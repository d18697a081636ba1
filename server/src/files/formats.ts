/**
 * What a file really is, from its bytes (magic numbers), never from a name or a client's
 * claim. The raster result is confirmed again by sharp when it decodes the image.
 */
export type UploadFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'svg';

/** Served format → extension and content type. TIFF is stored re-encoded as PNG. */
export const STORED_TYPES: Record<string, { ext: string; mime: string }> = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  gif: { ext: 'gif', mime: 'image/gif' },
  webp: { ext: 'webp', mime: 'image/webp' },
  svg: { ext: 'svg', mime: 'image/svg+xml' },
};

export const MIME_BY_EXT: Record<string, string> = Object.fromEntries(
  Object.values(STORED_TYPES).map(({ ext, mime }) => [ext, mime]),
);

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** An SVG document: optional BOM, XML declaration, comments and doctype, then `<svg`. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const rest = head
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/g, '')
    .replace(/^\s*<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/g, '');
  return /^\s*<svg[\s>]/i.test(rest);
}

export function detectFormat(bytes: Buffer): UploadFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (looksLikeSvg(bytes)) return 'svg';
  return null;
}
