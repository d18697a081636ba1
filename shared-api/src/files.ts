/**
 * Uploads (spec §5, §7): images sent base64 through `file_create`, answered with {file, cdn}.
 * The server re-checks everything (format from the bytes, size, rating); the checks here only
 * spare the user a pointless upload.
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

export async function uploadFile(file: Blob): Promise<FileRef> {
  return rpc('file_create', { data: await readAsDataUrl(file) });
}

/** Upload one image. Errors are shown by the caller next to the editor (not toasted twice). */
export function useUploadFile() {
  return useMutation({ mutationFn: uploadFile, meta: { silent: true } });
}
