/**
 * Uploads (docs/product.md ): images sent base64 through `file_create`, answered with
 * {file, cdn}. The server re-checks everything (format from the bytes, size, rating); the checks
 * here only spare the user a pointless upload.
 */
import { useMutation } from '@tanstack/react-query';
import { LIMITS, rpc } from 'shared-api';
import type { FileRef } from './validation/contract.ts';

export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/tiff,image/webp,image/svg+xml,image/gif';

/** Whether a user with this rating may upload the given type at all. */
export function canUpload(rating: number, mime = ''): boolean {
  if (rating < LIMITS.uploadRating) return false;
  if (mime === 'image/gif') return rating >= LIMITS.gifRating;
  return true;
}

/** The file as a data: URL (the server accepts one, or bare base64). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Upload one image (a post's, or an avatar). `silent` when the caller shows the error itself
 * (the editor, next to its files: not toasted twice); otherwise the toast reports it.
 */
export function useUploadFile(options: { silent?: boolean } = {}) {
  return useMutation({
    mutationFn: async (file: Blob): Promise<FileRef> =>
      rpc('file_create', { data: await readAsDataUrl(file) }),
    meta: { silent: options.silent ?? false },
  });
}
