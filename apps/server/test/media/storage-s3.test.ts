import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Media } from '@stromwerk/contracts/medias';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, PART_BYTES } from '../../src/plugins/storage-s3';
import { jobEnded, mediaReady, uploadFile } from '../helpers/library';
import { ffprobe, makeMediaFile } from '../helpers/media';
import { op } from '../helpers/route-call';
import { startS3Server } from '../helpers/s3-server';
import { createTestApp, type TestContext } from '../helpers/test-app';

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const drain = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('S3 storage engine against an S3-compatible server', () => {
  it('streams a file larger than one part up in parts and reads it back whole and by range', async () => {
    const storage = createS3Storage(s3.settings);
    const data = randomBytes(PART_BYTES * 2 + 12345);
    // Small chunks, as an HTTP upload arrives: the engine gathers them into parts.
    const chunks = Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) =>
      data.subarray(i * 65536, (i + 1) * 65536),
    );
    expect(await storage.put('library/big/original.bin', Readable.from(chunks))).toBe(data.length);
    expect(await storage.size('library/big/original.bin')).toBe(data.length);
    expect(sha(await drain(storage.read('library/big/original.bin')))).toBe(sha(data));
    const slice = await drain(
      storage.read('library/big/original.bin', { start: PART_BYTES - 5, end: PART_BYTES + 4 }),
    );
    expect(slice.equals(data.subarray(PART_BYTES - 5, PART_BYTES + 5))).toBe(true);

    await storage.copy('library/big/original.bin', 'library/big-copy/original.bin');
    expect(await storage.size('library/big-copy/original.bin')).toBe(data.length);
    await storage.remove('library/big/original.bin');
    expect(await storage.size('library/big/original.bin')).toBeNull();
    await storage.remove('library/big/original.bin'); // removing twice is not an error
  });

  it('reads the upload no more than about one part ahead of what S3 has received', async () => {
    const storage = createS3Storage(s3.settings);
    const received = () =>
      readdirSync(s3.directory, { recursive: true }).filter((p) => /uploads\/.+\.md5$/.test(String(p)))
        .length;
    const before = received();
    let pulled = 0;
    let mostAhead = 0;
    async function* slowClient() {
      for (let sent = 0; sent < PART_BYTES * 4; sent += 65536) {
        mostAhead = Math.max(mostAhead, pulled - (received() - before) * PART_BYTES);
        pulled += 65536;
        yield randomBytes(65536);
      }
    }
    expect(await storage.put('library/paced/original.bin', Readable.from(slowClient()))).toBe(PART_BYTES * 4);
    // One part in flight plus stream buffers; parts sent side by side would put several parts ahead.
    expect(mostAhead).toBeGreaterThan(PART_BYTES);
    expect(mostAhead).toBeLessThan(PART_BYTES * 1.5);
  });

  // Our keys are uuids and short extensions; this is the SDK's encoding (s3rver decodes copy sources
  // with decodeURI, so + & = are left out here).
  it('copies and reads keys that need URL encoding', async () => {
    const storage = createS3Storage(s3.settings);
    const data = randomBytes(1000);
    await storage.put('library/odd name ü/a b.bin', Readable.from([data]));
    await storage.copy('library/odd name ü/a b.bin', 'library/odd copy ü/a b.bin');
    expect((await drain(storage.read('library/odd copy ü/a b.bin'))).equals(data)).toBe(true);
    const url = new URL(await storage.ffmpegInput('library/odd copy ü/a b.bin'));
    expect((await fetch(url)).status).toBe(200);
  });

  it('keeps nothing under the key when the upload is cut off half-way', async () => {
    const storage = createS3Storage(s3.settings);
    async function* cutOff() {
      yield randomBytes(PART_BYTES + 1000); // one part is already sent when the client goes away
      throw new Error('client went away');
    }
    await expect(storage.put('library/cut/original.bin', Readable.from(cutOff()))).rejects.toThrow(
      'client went away',
    );
    expect(await storage.size('library/cut/original.bin')).toBeNull();
  });

  it('gives ffmpeg an address of its loopback relay, with no credential in it, that it reads with ranges', async () => {
    const storage = createS3Storage(s3.settings);
    try {
      const clip = await makeMediaFile(join(process.env.TMPDIR ?? '/tmp', `s3-clip-${Date.now()}.mkv`));
      await storage.importFile('library/clip/original.mkv', clip);
      expect(existsSync(clip)).toBe(false);
      const url = await storage.ffmpegInput('library/clip/original.mkv');
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\d+\/[\w-]{43}\/library\/clip\/original\.mkv$/);
      expect(url).not.toContain(s3.endpoint);
      expect(url).not.toMatch(/X-Amz|Credential|Signature=/);
      const probe = await ffprobe(url);
      expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['mp2', 'mpeg4']);
      expect(Number(probe.format.duration)).toBeCloseTo(3, 0);
      // A seek is a ranged read of the object through the relay.
      const seeked = await promisify(execFile)('ffmpeg', [
        '-v',
        'error',
        '-ss',
        '2',
        '-i',
        url,
        '-f',
        'framemd5',
        '-',
      ]);
      expect(seeked.stdout.split('\n').filter((l) => /^0,/.test(l)).length).toBeGreaterThan(5);
    } finally {
      await storage.close?.();
    }
  });

  // s3rver checks the access key but not the V4 signature itself (the AWS SDK signs, and is tested
  // against S3 by AWS); a wrong key and a missing bucket are what it can refuse here.
  it('refuses to start on an unknown access key or a missing bucket, naming the bucket', async () => {
    await expect(createS3Storage({ ...s3.settings, accessKey: 'NOT-A-KEY' }).check()).rejects.toThrow(
      /bucket stromwerk-media at .* is not usable: S3 403: access denied: unknown S3_ACCESS_KEY/,
    );
    await expect(createS3Storage({ ...s3.settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      /bucket no-such-bucket at .* is not usable: S3 404: no such bucket$/,
    );
    await expect(createTestApp({ ...s3.env, S3_ACCESS_KEY: 'NOT-A-KEY' })).rejects.toThrow(/is not usable/);
  });
});

describe('the media library on S3 storage', () => {
  let ctx: TestContext;
  let clip: string;
  let media: Media;
  // Straight to the bucket, not through the app.
  const bucket = () => createS3Storage(s3.settings);
  const as = () => ({ token: ctx.owner.token });
  const original = (m: Media) => m.files.find((f) => f.kind === 'original')!.bucketRef;

  beforeAll(async () => {
    ctx = await createTestApp(s3.env);
    clip = await makeMediaFile(join(ctx.dataDir, 'clip.mkv'), { seconds: 3 });
  });
  afterAll(() => ctx?.close());

  it('reports S3 in health', async () => {
    const health = await op(ctx.app, 'health.get', {});
    expect(health.body.parts.storage).toMatchObject({
      engine: 's3',
      message: expect.stringContaining('stromwerk-media'),
    });
  });

  it('uploads into the bucket, probes and thumbnails from there, and serves ranges', async () => {
    const res = await uploadFile(ctx, clip, 'Keynote.mkv');
    expect(res.status).toBe(201);
    media = await mediaReady(ctx, res.body.items[0]!.id);
    expect(media.info?.video).toMatchObject({ codec: 'mpeg4', width: 320 });
    expect(media.files.map((f) => f.kind).sort()).toEqual(['original', 'preview', 'thumbnail', 'waveform']);
    for (const f of media.files) expect(await bucket().size(f.bucketRef)).toBeGreaterThan(0);
    const mediaDir = join(ctx.dataDir, 'media');
    expect(
      existsSync(mediaDir)
        ? readdirSync(mediaDir, { recursive: true }).filter((p) => String(p).includes('.'))
        : [],
    ).toEqual([]);

    const range = await ctx.app.inject({
      method: 'GET',
      url: media.links.original!,
      headers: { range: 'bytes=100-199' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(readFileSync(clip).subarray(100, 200))).toBe(true);
    const thumb = await ctx.app.inject({ method: 'GET', url: media.links.thumbnail! });
    expect(thumb.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('renders an MP4 from the bucket into the bucket', async () => {
    const job = (await op(ctx.app, 'medias.renderMp4', { ...as(), params: { id: media.id } })).body;
    const done = await jobEnded(ctx, job.id);
    expect(done).toMatchObject({ state: 'done', error: null });
    const rendered = await mediaReady(ctx, done.resultMediaId!);
    const probe = await ffprobe(await bucket().ffmpegInput(original(rendered)));
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(probe.format.duration)).toBeCloseTo(3, 0);
  });

  it('copies inside the bucket and deletes the objects with the media', async () => {
    const copy = (await op(ctx.app, 'medias.copy', { ...as(), params: { id: media.id } })).body;
    expect(await bucket().size(original(copy))).toBe(media.sizeBytes);
    const download = await ctx.app.inject({ method: 'GET', url: copy.links.download! });
    expect(download.rawPayload.equals(readFileSync(clip))).toBe(true);
    expect((await op(ctx.app, 'medias.remove', { ...as(), params: { id: media.id } })).status).toBe(204);
    for (const f of media.files) expect(await bucket().size(f.bucketRef)).toBeNull();
    expect(await bucket().size(original(copy))).toBe(media.sizeBytes);
  });
});
