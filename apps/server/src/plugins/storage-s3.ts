/**
 * Media bytes in an S3-compatible bucket. Uploads stream through in parts of PART_BYTES, so memory stays
 * flat for a file of any size and a cut-off upload is aborted (S3 keeps no half object under the key).
 * ffmpeg reads objects over HTTP through presigned addresses, with ranges, as it reads local files.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { ConfigError } from './config';
import { S3Client, S3Error, type S3Settings } from './s3-client';
import type { Storage } from './storage';

/** S3's minimum part is 5 MiB (but for the last); 8 MiB parts allow files up to 80 GB in 10,000 parts. */
export const PART_BYTES = 8 * 1024 * 1024;
/** The largest object S3 copies in one request. */
const SINGLE_COPY_LIMIT = 5 * 1024 ** 3;
/** S3's longest presigned lifetime: a looping fallback or a long render keeps reading for hours. */
const FFMPEG_URL_SECONDS = 7 * 24 * 3600;

export function createS3Storage(settings: S3Settings): Storage {
  const s3 = new S3Client(settings);

  async function put(key: string, data: Readable): Promise<number> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let total = 0;
    let uploadId: string | undefined;
    const etags: string[] = [];
    const sendPart = async (part: Buffer) => {
      uploadId ??= await s3.startMultipart(key);
      etags.push(await s3.uploadPart(key, uploadId, etags.length + 1, part));
    };
    try {
      for await (const chunk of data) {
        pending.push(chunk as Buffer);
        pendingBytes += (chunk as Buffer).length;
        total += (chunk as Buffer).length;
        if (pendingBytes < PART_BYTES) continue;
        const all = Buffer.concat(pending);
        pending = [];
        let offset = 0;
        for (; all.length - offset >= PART_BYTES; offset += PART_BYTES)
          await sendPart(all.subarray(offset, offset + PART_BYTES));
        if (offset < all.length) pending.push(all.subarray(offset));
        pendingBytes = all.length - offset;
      }
      if (!uploadId) {
        await s3.putObject(key, Buffer.concat(pending));
        return total;
      }
      if (pendingBytes > 0) await sendPart(Buffer.concat(pending));
      await s3.completeMultipart(key, uploadId, etags);
      return total;
    } catch (e) {
      if (uploadId) await s3.abortMultipart(key, uploadId).catch(() => {});
      throw e;
    }
  }

  function read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    s3.getObject(key, range).then(
      (body) => {
        body.on('error', (e) => out.destroy(e));
        out.on('close', () => body.destroy());
        body.pipe(out);
      },
      (e: Error) => out.destroy(e),
    );
    return out;
  }

  return {
    engine: 's3',
    describe: () => `bucket ${settings.bucket} at ${new URL(settings.endpoint).origin}`,
    async check() {
      try {
        await s3.checkBucket();
      } catch (e) {
        const reason = e instanceof S3Error ? e.message : (e as Error).message;
        throw new ConfigError(
          `S3 storage: bucket ${settings.bucket} at ${settings.endpoint} is not usable: ${reason}`,
        );
      }
    },
    put,
    async importFile(key, file) {
      const size = await put(key, createReadStream(file));
      await rm(file, { force: true });
      return size;
    },
    async copy(from, to) {
      const size = await s3.headObject(from);
      if (size === null) throw new S3Error(404, 'NoSuchKey', `copy source ${from} does not exist`);
      if (size <= SINGLE_COPY_LIMIT) await s3.copyObject(from, to);
      else await put(to, read(from));
    },
    read,
    size: (key) => s3.headObject(key),
    async remove(key) {
      await s3.deleteObject(key).catch((e) => {
        if (!(e instanceof S3Error && e.status === 404)) throw e;
      });
    },
    ffmpegInput: async (key) => s3.presignedGet(key, FFMPEG_URL_SECONDS),
  };
}
