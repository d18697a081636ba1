/**
 * Long-lived services shared by handlers. Each area adds what it needs here (mail, file
 * storage, ...) so handlers receive them through `ctx.services` and tests can swap them.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { startDeletionSweep } from './account/deletion.ts';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { createEvents, type Events } from './events.ts';
import { createS3BlobStore, createS3Client, createS3FileStorage } from './files/s3.ts';
import { createLocalStorage, type FileStorage } from './files/storage.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { startBanSweep } from './moderation/bans.ts';
import { createPusher, type Pusher } from './notify/push.ts';
import { ensureVapidKeys } from './notify/vapid.ts';
import { startPreviewWorker } from './previews/worker.ts';
import { type RankRefresher, startRankRefresher } from './ranking/refresher.ts';
import { type Releases, startReleases } from './releases/index.ts';
import { createLocalBlobStore } from './releases/store.ts';

export interface Services {
  events: Events;
  mailer: Mailer;
  /** Uploaded files (docs/product.md ); a local folder in the data folder by default. */
  files: FileStorage;
  /** Re-ages the hot rank of the last week's posts once a minute (feeds). */
  ranking: RankRefresher;
  /** Releases of the remotes: artifacts, who gets which, canary health (releases/). */
  releases: Releases;
  /** Web Push to the devices of a user a committed write notifies (notify/push.ts). */
  push: Pusher;
  close(): Promise<void>;
}

export async function createServices(config: Config, db: Db, log: FastifyBaseLogger): Promise<Services> {
  const events = createEvents(db, log);
  const mailer = createMailer(config, log);
  // One object store for every node, or this node's data folder.
  const s3 = config.filesS3 ? createS3Client(config.filesS3) : null;
  const files = s3
    ? createS3FileStorage(s3, config.filesS3!.bucket)
    : createLocalStorage(path.join(config.dataDir, 'files'));
  const releaseStore = s3
    ? createS3BlobStore(s3, config.filesS3!.bucket, 'releases')
    : createLocalBlobStore(path.join(config.dataDir, 'releases'));
  const ranking = startRankRefresher(db, log);
  // Bans that ended are lifted, accounts past their grace period erased: each node, every minute.
  const sweeps = [startBanSweep(db, log), startDeletionSweep(db, files, log)];
  if (config.linkPreviews.enabled) {
    const userAgent = `GwarBot/1.0 (+${config.publicOrigin})`;
    const fetch = { userAgent, allowLoopback: config.linkPreviews.allowLoopback };
    sweeps.push(startPreviewWorker({ db, files, log, fetch }, config.linkPreviews.pollMs));
  }
  const releases = await startReleases(config, db, events, log, releaseStore);
  const push = createPusher({
    db,
    log,
    keys: await ensureVapidKeys(db),
    subject: config.push.subject,
    allowLoopback: config.push.allowLoopback,
  });
  return {
    events,
    mailer,
    files,
    ranking,
    releases,
    push,
    async close() {
      await push.close();
      await releases.close();
      await ranking.stop();
      await Promise.all(sweeps.map((sweep) => sweep.stop()));
      s3?.destroy();
      await events.close();
      mailer.close();
    },
  };
}
