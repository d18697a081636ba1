/**
 * Each text file of a release is compressed once, when it is published (brotli at its best level
 * and gzip), and stored beside it as `<file>.br` / `<file>.gz`, so serving a release never
 * spends CPU on compression: the answer is picked by Accept-Encoding (serve.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// Not source maps: only developer tools fetch them, and they are most of a release's bytes.
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt)$/i;
/** Smaller files gain little and cost a round of decoding. */
const MIN_BYTES = 1024;

export function isCompressible(name: string, size: number): boolean {
  return COMPRESSIBLE.test(name) && size >= MIN_BYTES;
}

export async function compressVariants(data: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: 9 }),
  ]);
  return { br, gz: gzipped };
}
