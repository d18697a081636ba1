/**
 * Object storage for uploads and release artifacts: any S3-compatible store (AWS S3, MinIO,
 * Ceph RGW, …) through the AWS SDK, chosen with the `FILES_S3_*` settings. Several API nodes then
 * share one store: a file uploaded through one node is served by every other. Keys are
 * `files/<name>` (uploads) and `releases/<release prefix>/<path>` (releases: the prefix its row
 * records, `<remote>/<version>/<digest>`, or `<remote>/<version>` before migration 0019), each
 * checked the same way as for the local folder, so a key never escapes its prefix. A PUT of one
 * key is atomic, so uploads of the same bytes writing the same keys at once are harmless
 * (releases/publish.ts storeRelease).
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { PATTERNS } from 'shared-api/validation';
import type { S3Settings } from '../config.ts';
import { type BlobStore, checkKey } from '../releases/store.ts';
import type { FileStorage } from './storage.ts';

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint || undefined,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // A store that is down must not hold requests: fail within seconds, retry once.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2000, requestTimeout: 10_000 },
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException &&
      (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404))
  );
}

/** Keys under `prefix/` of one bucket. */
export function createS3BlobStore(client: S3Client, bucket: string, prefix: string): BlobStore {
  const keyOf = (key: string) => `${prefix}/${checkKey(key).join('/')}`;
  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: data }));
    },
    async get(key) {
      let full: string;
      try {
        full = keyOf(key);
      } catch {
        return null;
      }
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: full }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async deletePrefix(keyPrefix) {
      const listPrefix = `${keyOf(keyPrefix.replace(/\/$/, ''))}/`;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: listPrefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key! }));
        if (keys.length)
          await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/** Uploaded files (named as docs/product.md allows) as `files/<name>`. */
export function createS3FileStorage(client: S3Client, bucket: string): FileStorage {
  const blobs = createS3BlobStore(client, bucket, 'files');
  const check = (name: string) => {
    if (!PATTERNS.fileName.test(name)) throw new Error(`invalid file name: ${name}`);
    return name;
  };
  return {
    put: (name, data) => blobs.put(check(name), data),
    get: (name) => (PATTERNS.fileName.test(name) ? blobs.get(name) : Promise.resolve(null)),
    async size(name) {
      if (!PATTERNS.fileName.test(name)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `files/${name}` }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stream(name, start, end) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: `files/${check(name)}`, Range: `bytes=${start}-${end}` }),
      );
      // In Node the SDK's body is the HTTP response: a readable stream, passed on as it arrives.
      return answer.Body as Readable;
    },
    async delete(name) {
      await client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: [{ Key: `files/${check(name)}` }] } }),
      );
    },
  };
}
