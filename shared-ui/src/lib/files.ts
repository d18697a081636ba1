/**
 * docs/product.md: images are served from /files/{file}, host chosen by cdn. `cdn` is an origin such as
 * 'https://cdn.gwar.pl' when the file sits behind a CDN; empty (or anything that is not an
 * http(s) origin) means this site.
 */
export interface FileRefLike {
  file: string;
  cdn?: string | null;
}

export function fileUrl(ref: FileRefLike): string {
  const name = encodeURIComponent(ref.file);
  const cdn = ref.cdn?.trim();
  if (cdn && /^https?:\/\/[^/\s]+\/?$/.test(cdn)) return `${cdn.replace(/\/$/, '')}/files/${name}`;
  return `/files/${name}`;
}
