import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from './media';

export const S3_BUCKET = 'stromwerk-media';
/** s3rver's one account; it checks Signature Version 4 against these like S3 does. */
export const S3_CREDENTIALS = { accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' };

/** A real S3-compatible HTTP server on loopback with one empty bucket, for the S3 storage engine. */
export async function startS3Server() {
  const directory = mkdtempSync(join(tmpdir(), 'sw-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** Where s3rver keeps the bucket: multipart parts land in `uploads/<id>/<n>`, `<n>.md5` once whole. */
    directory,
    settings: { endpoint, bucket: S3_BUCKET, ...S3_CREDENTIALS },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET,
      S3_ACCESS_KEY: S3_CREDENTIALS.accessKey,
      S3_SECRET_KEY: S3_CREDENTIALS.secretKey,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
