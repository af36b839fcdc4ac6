import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Job } from '@stromwerk/contracts/jobs';
import type { Media } from '@stromwerk/contracts/medias';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobe, makeMediaFile, waitFor } from '../helpers/media';
import { multipartBody } from '../helpers/multipart';
import { call, createTenant, createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let clip: string;
beforeAll(async () => {
  ctx = await createTestApp();
  clip = await makeMediaFile(join(ctx.dataDir, 'clip.mkv'), { seconds: 3 });
});
afterAll(() => ctx.close());

const api = <T>(method: string, url: string, opts: { body?: object; query?: Record<string, string> } = {}) =>
  call<T>(ctx.app, method, url, { token: ctx.owner.token, ...opts });

async function upload(
  files: { name: string; data: Buffer }[],
  token = ctx.owner.token,
  workspaceId = ctx.owner.workspaceId,
) {
  const { payload, headers } = multipartBody(
    files.map((f) => ({ name: 'file', filename: f.name, data: f.data })),
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/v1/medias/upload?workspaceId=${workspaceId}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const libraryFiles = () => {
  const dir = join(ctx.dataDir, 'media', 'library');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
};
const ready = (id: string) =>
  waitFor(
    `media ${id} ready`,
    async () => {
      const m = (await api<Media>('GET', `/v1/medias/${id}`)).body;
      return m.status === 'ready' ? m : undefined;
    },
    30_000,
  );
const jobEnded = (id: string) =>
  waitFor(
    `job ${id} ended`,
    async () => {
      const j = (await api<Job>('GET', `/v1/jobs/${id}`)).body;
      return ['done', 'failed', 'cancelled'].includes(j.state) ? j : undefined;
    },
    60_000,
  );

describe('media library with real files', () => {
  let media: Media;

  it('uploads, probes and thumbnails a video; its signed links serve the bytes with Range', async () => {
    const res = await upload([{ name: 'Launch Clip.mkv', data: readFileSync(clip) }]);
    expect(res.status).toBe(201);
    const [item] = res.body.items as Media[];
    expect(item).toMatchObject({ name: 'Launch Clip', origin: 'upload', status: 'processing' });
    expect(item!.info?.video).toMatchObject({ codec: 'mpeg4', width: 320, height: 240 });
    expect(item!.durationMs).toBeGreaterThan(2900);
    media = await ready(item!.id);
    expect(media.files.map((f) => f.kind).sort()).toEqual(['original', 'preview', 'thumbnail']);

    const thumb = await ctx.app.inject({ method: 'GET', url: media.links.thumbnail! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const range = await ctx.app.inject({
      method: 'GET',
      url: media.links.original!,
      headers: { range: 'bytes=0-99' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${media.sizeBytes}`);
    const download = await ctx.app.inject({ method: 'GET', url: media.links.download! });
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(readFileSync(clip))).toBe(true);
  });

  it('refuses a tampered or expired link', async () => {
    const tampered = media.links.original!.replace(
      /sig=[^&]+/,
      'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherKind = media.links.thumbnail!.replace('/thumbnail?', '/original?');
    expect((await ctx.app.inject({ method: 'GET', url: otherKind })).statusCode).toBe(403);
    const expired = media.links.original!.replace(/exp=\d+/, 'exp=1000');
    expect((await ctx.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
  });

  it('refuses a text file renamed .mp4 and keeps nothing of the request', async () => {
    const before = libraryFiles().length;
    const { total } = (await api<{ total: number }>('GET', '/v1/medias')).body;
    const res = await upload([
      { name: 'fine.mkv', data: readFileSync(clip) },
      { name: 'notes.mp4', data: Buffer.from('This is not a video, just some text.\n'.repeat(50)) },
    ]);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA' });
    expect(res.body.message).toContain('notes.mp4');
    expect(libraryFiles().length).toBe(before);
    expect((await api<{ total: number }>('GET', '/v1/medias')).body.total).toBe(total);
  });

  it('renders an MP4 that ffprobe confirms as H.264/AAC of the same duration', async () => {
    const res = await api<Job>('PUT', `/v1/medias/${media.id}/render-mp4`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ type: 'render-mp4', mediaId: media.id });
    const job = await jobEnded(res.body.id);
    expect(job).toMatchObject({ state: 'done', progress: 100, error: null });
    const rendered = await ready(job.resultMediaId!);
    expect(rendered).toMatchObject({ origin: 'render', originId: media.id, name: 'Launch Clip (MP4)' });
    const file = join(ctx.dataDir, 'media', rendered.files.find((f) => f.kind === 'original')!.bucketRef);
    const probe = await ffprobe(file);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(probe.format.duration)).toBeCloseTo(3, 0);
    const byOrigin = await api<{ items: Media[] }>('GET', '/v1/medias/by-origin/render', {
      query: { originId: media.id },
    });
    expect(byOrigin.body.items.map((m) => m.id)).toEqual([rendered.id]);
  });

  it('renames, copies with files, lists with filter and sort, and deletes with the files', async () => {
    const renamed = await api<Media>('PUT', `/v1/medias/${media.id}`, { query: { name: 'Keynote' } });
    expect(renamed.body.name).toBe('Keynote');
    const copy = await api<Media>('PUT', `/v1/medias/${media.id}/copy`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: 'Keynote (copy)',
      origin: 'copy',
      originId: media.id,
      status: 'ready',
    });
    const copied = await ctx.app.inject({ method: 'GET', url: copy.body.links.download! });
    expect(copied.rawPayload.equals(readFileSync(clip))).toBe(true);
    const uploads = await api<{ items: Media[] }>(
      'GET',
      `/v1/workspaces/${ctx.owner.workspaceId}/medias`,
      {},
    );
    expect(uploads.body.items.length).toBeGreaterThanOrEqual(3);
    const sorted = await api<{ items: Media[] }>('GET', '/v1/medias', {
      query: { sort: 'name', order: 'asc', origin: 'copy' },
    });
    expect(sorted.body.items.map((m) => m.name)).toEqual(['Keynote (copy)']);
    const files = libraryFiles().filter((f) => f.startsWith(copy.body.id));
    expect(files.length).toBe(4); // folder + original, thumbnail, preview
    expect((await api('DELETE', `/v1/medias/${copy.body.id}`)).status).toBe(204);
    expect(libraryFiles().filter((f) => f.startsWith(copy.body.id))).toEqual([]);
    expect((await api('GET', `/v1/medias/${copy.body.id}`)).status).toBe(404);
  });

  it('takes audio-only media and several files in one request', async () => {
    const audio = await makeMediaFile(join(ctx.dataDir, 'tone.mp3'), {
      audioOnly: true,
      acodec: 'libmp3lame',
    });
    const res = await upload([
      { name: 'tone.mp3', data: readFileSync(audio) },
      { name: 'second.mkv', data: readFileSync(clip) },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.items.map((m: Media) => m.name)).toEqual(['tone', 'second']);
    const tone = await ready(res.body.items[0].id);
    expect(tone.info?.video).toBeNull();
    expect(tone.links.thumbnail).toBeNull();
  });

  it('enforces the storage quota and keeps nothing of a refused upload', async () => {
    const { corporationId } = ctx.owner;
    const used = (await api<{ storageBytes: number }>('GET', `/v1/corporations/${corporationId}/usage`)).body
      .storageBytes;
    expect(used).toBeGreaterThan(0);
    await api('PUT', `/v1/corporations/${corporationId}/quota`, { body: { maxStorageBytes: used + 1000 } });
    const before = libraryFiles().length;
    const res = await upload([{ name: 'big.mkv', data: readFileSync(clip) }]);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(libraryFiles().length).toBe(before);
    await api('PUT', `/v1/corporations/${corporationId}/quota`, {
      body: { maxStorageBytes: 107_374_182_400 },
    });
  });

  it('names the field of bad input', async () => {
    const noFile = await upload([]);
    expect(noFile.status).toBe(400);
    const noWs = await ctx.app.inject({
      method: 'POST',
      url: '/v1/medias/upload',
      ...multipartBody([{ name: 'file', filename: 'a.mkv', data: readFileSync(clip) }]),
      headers: { ...multipartBody([]).headers, authorization: `Bearer ${ctx.owner.token}` },
    });
    expect(noWs.statusCode).toBe(400);
    const rename = await api<{ details: { field: string }[] }>('PUT', `/v1/medias/${media.id}`, {
      query: { name: '' },
    });
    expect(rename.status).toBe(400);
    expect(rename.body.details[0]!.field).toMatch(/(^|\.)name$/);
    expect((await api('GET', '/v1/medias/by-origin/elsewhere')).status).toBe(400);
    expect((await api('GET', '/v1/medias', { query: { sort: 'colour' } })).status).toBe(400);
  });

  it('shows another corporation nothing and lets it change nothing', async () => {
    const stranger = await createTenant(ctx, 'Stranger Media Corp');
    const as = (method: string, url: string) => call(ctx.app, method, url, { token: stranger.user.token });
    for (const [method, url] of [
      ['GET', `/v1/medias/${media.id}`],
      ['PUT', `/v1/medias/${media.id}?name=Mine`],
      ['DELETE', `/v1/medias/${media.id}`],
      ['PUT', `/v1/medias/${media.id}/copy`],
      ['PUT', `/v1/medias/${media.id}/render-mp4`],
      ['GET', `/v1/workspaces/${ctx.owner.workspaceId}/medias`],
      ['GET', `/v1/corporations/${ctx.owner.corporationId}/medias`],
    ] as const)
      expect([method, url, (await as(method, url)).status]).toEqual([method, url, 404]);
    expect((await as('GET', '/v1/medias')).body).toMatchObject({ total: 0 });
    expect((await upload([{ name: 'x.mkv', data: readFileSync(clip) }], stranger.user.token)).status).toBe(
      404,
    );
    const copyInto = await call(ctx.app, 'PUT', `/v1/medias/${media.id}/copy`, {
      token: ctx.owner.token,
      query: { workspaceId: stranger.workspaceId },
    });
    // The owner is a platform admin and sees the other workspace, but copies never cross corporations.
    expect(copyInto.status).toBe(400);
    expect((copyInto.body as { details: { field: string }[] }).details[0]!.field).toBe('workspaceId');
    expect((await call(ctx.app, 'GET', '/v1/medias')).status).toBe(401);
  });
});
