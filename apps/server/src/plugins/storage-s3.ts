/**
 * Media bytes in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, ...) through the AWS SDK v3, which
 * signs every request. Path-style addressing (endpoint/bucket/key), so any S3-compatible server works
 * without DNS tricks. Uploads stream through in parts of PART_BYTES, one part at a time, so memory stays
 * flat for a file of any size and a cut-off upload is aborted (S3 keeps no half object under the key).
 * ffmpeg reads objects over HTTP with ranges, as it reads local files, through the loopback relay
 * (storage-relay.ts): a presigned address would put a credential on its command line.
 * The SDK is loaded on first use: a server on local storage does not pay for it (~0.3 s and ~25 MB).
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { ConfigError } from './config';
import type { Storage } from './storage';
import { storageRelay } from './storage-relay';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/** S3's minimum part is 5 MiB (but for the last); 8 MiB parts allow files up to 80 GB in 10,000 parts. */
export const PART_BYTES = 8 * 1024 * 1024;
/** The largest object S3 copies in one request. */
const SINGLE_COPY_LIMIT = 5 * 1024 ** 3;

async function loadSdk() {
  const [client, lib] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...client, Upload: lib.Upload };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

function s3Client(sdk: Sdk, s: S3Settings): S3Client {
  return new sdk.S3Client({
    endpoint: s.endpoint,
    region: s.region,
    credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
    forcePathStyle: true,
    // CRC checksums on every upload are an AWS extension many S3-compatible servers refuse or mishandle;
    // only send (and check) them where the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      // The SDK's default pool is 50 sockets; every media read we serve holds one while it streams.
      httpAgent: { keepAlive: true, maxSockets: Number.POSITIVE_INFINITY },
      httpsAgent: { keepAlive: true, maxSockets: Number.POSITIVE_INFINITY },
      connectionTimeout: 10_000,
      socketTimeout: 300_000,
    },
  });
}

/** What a refused HeadBucket means: its answer has no body, so S3 cannot say why itself. */
const BUCKET_HINTS: Record<number, string> = {
  301: 'the bucket is in another region than S3_REGION',
  400: 'bad request, often S3_REGION not matching the bucket',
  403: 'access denied: unknown S3_ACCESS_KEY, wrong S3_SECRET_KEY, or a key that may not list the bucket',
  404: 'no such bucket',
};

/** "S3 404 NoSuchKey: The specified key does not exist.": the status, and S3's own code and message. */
function s3Reason(e: unknown): string {
  const status = httpStatus(e);
  if (status !== undefined) {
    const { name, message } = e as Error;
    const hint = BUCKET_HINTS[status];
    return message && message !== 'Unknown' && message !== 'UnknownError'
      ? `S3 ${status} ${name}: ${message}`
      : `S3 ${status}${hint ? `: ${hint}` : ''}`;
  }
  const err = e as NodeJS.ErrnoException;
  return err.message || err.code || String(e);
}

/** The HTTP status of an S3 answer the SDK threw (its S3ServiceException), else undefined. */
const httpStatus = (e: unknown) =>
  (e as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/** CopySource is `bucket/key`, URL-encoded by the caller (the SDK sends it as it is). */
const copySource = (bucket: string, key: string) =>
  [bucket, ...key.split('/')].map((part) => encodeURIComponent(part)).join('/');

export function createS3Storage(settings: S3Settings): Storage {
  const Bucket = settings.bucket;
  let loading: Promise<{ sdk: Sdk; s3: S3Client }> | undefined;
  const ready = () => (loading ??= loadSdk().then((sdk) => ({ sdk, s3: s3Client(sdk, settings) })));

  async function put(key: string, data: Readable): Promise<number> {
    const { sdk, s3 } = await ready();
    let total = 0;
    async function* counted() {
      for await (const chunk of data) {
        total += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    // One part in flight (queueSize 1) keeps memory at about one part; the SDK sends a body smaller than
    // a part in one PutObject.
    const upload = new sdk.Upload({
      client: s3,
      params: { Bucket, Key: key, Body: Readable.from(counted()) },
      partSize: PART_BYTES,
      queueSize: 1,
      // We abort ourselves: the SDK's own abort would throw its failure in place of the reason the
      // upload stopped, and some S3-compatible servers (s3rver among them) have no AbortMultipartUpload.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (e) {
      const UploadId = upload.uploadId;
      if (UploadId)
        await s3.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
      throw e;
    }
    return total;
  }

  async function size(key: string): Promise<number | null> {
    const { sdk, s3 } = await ready();
    try {
      const head = await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (e) {
      if (httpStatus(e) === 404) return null;
      throw e;
    }
  }

  /** The object as a stream; `range` is inclusive, as HTTP's. */
  function read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    ready()
      .then(({ sdk, s3 }) => s3.send(new sdk.GetObjectCommand({ Bucket, Key: key, Range })))
      .then(
        ({ Body }) => {
          const body = Body as Readable;
          // The reader may be gone before S3 answered: free the connection at once.
          if (out.destroyed) return void body.destroy();
          body.on('error', (e) => out.destroy(e));
          out.on('close', () => body.destroy());
          body.pipe(out);
        },
        (e: Error) => out.destroy(e),
      );
    return out;
  }

  const relay = storageRelay({ read, size });
  return {
    engine: 's3',
    describe: () => `bucket ${Bucket} at ${new URL(settings.endpoint).origin}`,
    async check() {
      try {
        const { sdk, s3 } = await ready();
        await s3.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (e) {
        throw new ConfigError(
          `S3 storage: bucket ${Bucket} at ${settings.endpoint} is not usable: ${s3Reason(e)}`,
        );
      }
    },
    put,
    async importFile(key, file) {
      const bytes = await put(key, createReadStream(file));
      await rm(file, { force: true });
      return bytes;
    },
    async copy(from, to) {
      const bytes = await size(from);
      if (bytes === null) throw new Error(`S3 404 NoSuchKey: copy source ${from} does not exist`);
      if (bytes > SINGLE_COPY_LIMIT) {
        await put(to, read(from));
        return;
      }
      const { sdk, s3 } = await ready();
      await s3.send(new sdk.CopyObjectCommand({ Bucket, Key: to, CopySource: copySource(Bucket, from) }));
    },
    read,
    size,
    async remove(key) {
      const { sdk, s3 } = await ready();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: key })).catch((e) => {
        if (httpStatus(e) !== 404) throw e;
      });
    },
    ffmpegInput: (key) => relay.address(key),
    close: () => relay.close(),
  };
}
