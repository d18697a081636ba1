/**
 * An upload made safe to serve: raster images decoded and re-encoded by sharp (rotated by
 * EXIF first, then every metadata block dropped: GPS, camera, comments), TIFF turned into PNG,
 * SVG sanitized. Anything that does not decode as what its bytes claim is refused.
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { sanitizeSvg } from '../markup/sanitize.ts';
import { STORED_TYPES, type UploadFormat } from './formats.ts';

/** Largest decoded upload. The RPC body limit is sized from it (base64 is 4/3 larger). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Longest side and total pixels accepted (a 50-megapixel photo still passes). */
export const MAX_DIMENSION = 12_000;
export const MAX_PIXELS = 50_000_000;

export interface ProcessedFile {
  format: UploadFormat;
  ext: string;
  mime: string;
  data: Buffer;
  width: number | null;
  height: number | null;
}

export class UploadRefused extends Error {
  constructor(readonly reason: 'format' | 'dimensions') {
    super(reason);
  }
}

export async function processUpload(bytes: Buffer, format: UploadFormat): Promise<ProcessedFile> {
  if (format === 'svg') {
    const clean = sanitizeSvg(bytes.toString('utf8'));
    if (!clean) throw new UploadRefused('format');
    return { format, ...STORED_TYPES.svg!, data: Buffer.from(clean, 'utf8'), width: null, height: null };
  }
  const animated = format === 'gif' || format === 'webp';
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new UploadRefused('format');
  }
  if (meta.format !== format) throw new UploadRefused('format');
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width < 1 || height < 1 || width > MAX_DIMENSION || height > MAX_DIMENSION) {
    throw new UploadRefused('dimensions');
  }
  const target = format === 'tiff' ? 'png' : format;
  // sharp writes no metadata unless asked (withMetadata), so re-encoding strips EXIF/XMP/ICC
  // comments; rotate() first applies the EXIF orientation the stripped block carried.
  let pipeline = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated }).rotate();
  if (target === 'jpeg') pipeline = pipeline.jpeg({ quality: 88, mozjpeg: true });
  else if (target === 'png') pipeline = pipeline.png({ compressionLevel: 9 });
  else if (target === 'webp') pipeline = pipeline.webp({ quality: 88 });
  else pipeline = pipeline.gif();
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    throw new UploadRefused('format');
  }
  const type = STORED_TYPES[target]!;
  return {
    format,
    ext: type.ext,
    mime: type.mime,
    data: output.data,
    width: output.info.width,
    height: output.info.pageHeight ?? output.info.height,
  };
}
