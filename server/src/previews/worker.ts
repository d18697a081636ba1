/**
 * The link preview worker (docs/product.md ). Publishing a post with a link queues a job in
 * the writer's transaction (migration 0017's trigger); every node runs this worker, which leases
 * one due job at a time (one UPDATE over FOR UPDATE SKIP LOCKED: two nodes never take the same job;
 * a node that dies mid-fetch leaves the job to be taken again when its lease ends), fetches the
 * page (previews/fetch.ts), reads its metadata, fetches its picture through the uploads' checks
 * (format from the bytes, size and pixel limits, re-encoded, metadata stripped, then scaled to a
 * card's size) and stores it as a file of the post's author. The post gets `preview` only if its
 * link is still the one fetched. A failed fetch is retried with growing pauses, then given up: the
 * post stays as it is, with its domain line.
 *
 * Per-domain limit: one fetch per domain every DOMAIN_GAP_MS on a node, so a spam of links to one
 * site does not hammer it (a job that comes too early waits for its turn).
 */
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../db/index.ts';
import { detectFormat } from '../files/formats.ts';
import { newFileName } from '../files/names.ts';
import { processUpload } from '../files/process.ts';
import type { FileStorage } from '../files/storage.ts';
import { deleteStored } from '../files/unused.ts';
import { type PeriodicJob, startPeriodic } from '../jobs/periodic.ts';
import { decodeHtml, type FetchOptions, fetchChecked, PreviewRefused, readMetadata } from './fetch.ts';

export const MAX_ATTEMPTS = 3;
/** How long a node holds a job it took before another may take it. */
export const LEASE_SECONDS = 120;
export const DOMAIN_GAP_MS = 2000;
/** A card's picture: at most this wide (and tall), never enlarged. */
export const PREVIEW_IMAGE_MAX = 1200;
/** Formats a preview picture may have (no SVG or TIFF: a page's card picture is a photo). */
const PICTURE_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

export interface StoredPreview {
  title: string | null;
  description: string | null;
  site: string | null;
  image: string | null;
}

type Job = {
  post_id: number;
  url: string;
  attempts: number;
};

export interface PreviewWorkerDeps {
  db: Db;
  files: FileStorage;
  log: FastifyBaseLogger;
  fetch: FetchOptions;
}

/** Link previews queued and not given up on, due or waiting for their domain's turn (metrics/). */
export async function linkPreviewQueueLength(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM link_preview_jobs');
  return rows[0]?.n ?? 0;
}

/** Leases the job due first, or null when none is due. */
async function leaseJob(db: Db): Promise<Job | null> {
  const { rows } = await db.query<Job>(
    `UPDATE link_preview_jobs
        SET attempts = attempts + 1, next_try = now() + make_interval(secs => $1)
      WHERE post_id = (SELECT post_id FROM link_preview_jobs WHERE next_try <= now()
                        ORDER BY next_try LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING post_id, url, attempts`,
    [LEASE_SECONDS],
  );
  return rows[0] ?? null;
}

/** A page's picture as a stored file's bytes (webp, card-sized), or null when it has none usable. */
async function fetchPicture(
  url: string,
  options: FetchOptions,
): Promise<{ data: Buffer; width: number; height: number }> {
  const fetched = await fetchChecked(url, 'image', options);
  const format = detectFormat(fetched.body);
  if (!format || !PICTURE_FORMATS.has(format))
    throw new PreviewRefused(`picture format ${format ?? 'unknown'}`);
  // The uploads' checks: the format the bytes claim, dimensions and pixel limits, re-encoding.
  const checked = await processUpload(fetched.body, format).catch(() => {
    throw new PreviewRefused('picture refused by the upload checks');
  });
  const { data, info } = await sharp(checked.data, { limitInputPixels: false })
    .resize({ width: PREVIEW_IMAGE_MAX, height: PREVIEW_IMAGE_MAX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Fetches one job's page and picture; the preview to store. */
export async function buildPreview(
  url: string,
  options: FetchOptions,
): Promise<{ preview: StoredPreview; picture: { data: Buffer; width: number; height: number } | null }> {
  const page = await fetchChecked(url, 'page', options);
  const meta = readMetadata(decodeHtml(page), page.url);
  let picture: { data: Buffer; width: number; height: number } | null = null;
  if (meta.image) {
    // A page whose picture fails still gets its title.
    picture = await fetchPicture(meta.image, options).catch(() => null);
  }
  if (!meta.title && !picture) throw new PreviewRefused('no metadata');
  return {
    preview: { title: meta.title, description: meta.description, site: meta.site, image: null },
    picture,
  };
}

/** Runs one due job, if any; returns whether there was one. */
export async function runPreviewJob(
  deps: PreviewWorkerDeps,
  domainTurns: Map<string, number>,
): Promise<boolean> {
  const { db, files, log } = deps;
  const job = await leaseJob(db);
  if (!job) return false;
  let host = '';
  try {
    host = new URL(job.url).hostname;
  } catch {
    host = '';
  }
  const now = Date.now();
  const turn = domainTurns.get(host) ?? 0;
  if (host && turn > now) {
    // Too early for this domain: back in the queue for its turn, without spending an attempt.
    await db.query(
      `UPDATE link_preview_jobs SET attempts = attempts - 1, next_try = now() + make_interval(secs => $2)
        WHERE post_id = $1 AND url = $3`,
      [job.post_id, (turn - now) / 1000, job.url],
    );
    return true;
  }
  if (host) domainTurns.set(host, now + DOMAIN_GAP_MS);

  let built: Awaited<ReturnType<typeof buildPreview>>;
  try {
    built = await buildPreview(job.url, deps.fetch);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (job.attempts >= MAX_ATTEMPTS) {
      await db.query('DELETE FROM link_preview_jobs WHERE post_id = $1 AND url = $2', [job.post_id, job.url]);
      log.info({ post: job.post_id, url: job.url, reason }, 'link preview given up');
    } else {
      // 1, 4, 9 minutes…
      await db.query(
        `UPDATE link_preview_jobs SET next_try = now() + make_interval(mins => $2), last_error = left($3, 500)
          WHERE post_id = $1 AND url = $4`,
        [job.post_id, job.attempts * job.attempts, reason, job.url],
      );
    }
    return true;
  }

  let stored: string | null = null;
  if (built.picture) {
    stored = newFileName('webp');
    try {
      await files.put(stored, built.picture.data);
    } catch (error) {
      log.warn({ err: error, post: job.post_id }, 'link preview picture not stored');
      stored = null;
    }
  }
  const preview: StoredPreview = { ...built.preview, image: stored };
  const applied = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number }>(
      `SELECT user_id FROM posts WHERE id = $1 AND url = $2 AND mode = 'public' FOR NO KEY UPDATE`,
      [job.post_id, job.url],
    );
    const post = rows[0];
    await tx.query('DELETE FROM link_preview_jobs WHERE post_id = $1 AND url = $2', [job.post_id, job.url]);
    if (!post) return false;
    if (stored && built.picture) {
      await tx.query(
        `INSERT INTO files (file, user_id, mime, bytes, width, height) VALUES ($1, $2, 'image/webp', $3, $4, $5)`,
        [stored, post.user_id, built.picture.data.length, built.picture.width, built.picture.height],
      );
      await tx.query('INSERT INTO link_preview_files (file) VALUES ($1)', [stored]);
    }
    await tx.query('UPDATE posts SET preview = $2 WHERE id = $1', [job.post_id, JSON.stringify(preview)]);
    return true;
  });
  // The link changed (or the post went) while it was fetched: the picture is nobody's.
  if (!applied && stored) await deleteStored(files, [stored], log);
  if (applied) log.info({ post: job.post_id, picture: Boolean(stored) }, 'link preview stored');
  return true;
}

/** Drops stored pictures no post shows any more (a link edited, a post deleted or removed). */
export async function dropUnusedPictures(
  db: Db,
  files: FileStorage,
  log: FastifyBaseLogger,
): Promise<number> {
  const { rows } = await db.query<{ file: string }>(
    `DELETE FROM files f USING link_preview_files l
      WHERE l.file = f.file
        AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.preview IS NOT NULL AND p.preview ->> 'image' = f.file)
      RETURNING f.file`,
  );
  await deleteStored(
    files,
    rows.map((row) => row.file),
    log,
  );
  return rows.length;
}

export function startPreviewWorker(deps: PreviewWorkerDeps, pollMs: number): PeriodicJob {
  const domainTurns = new Map<string, number>();
  let passes = 0;
  const pass = async () => {
    // Work through what is due, then rest until the next tick.
    for (let i = 0; i < 20 && (await runPreviewJob(deps, domainTurns)); i++);
    if (++passes % 30 === 0) await dropUnusedPictures(deps.db, deps.files, deps.log);
    for (const [host, turn] of domainTurns) if (turn < Date.now()) domainTurns.delete(host);
  };
  return startPeriodic('link preview worker', pollMs, pass, deps.log);
}
