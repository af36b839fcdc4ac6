import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Media } from '@stromwerk/contracts/medias';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobEnded, mediaReady } from '../helpers/library';
import { ffprobe, makeMediaFile } from '../helpers/media';
import { multipartBody } from '../helpers/multipart';
import { op, routeOf } from '../helpers/route-call';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let clip: string;
beforeAll(async () => {
  ctx = await createTestApp();
  clip = await makeMediaFile(join(ctx.dataDir, 'clip.mkv'), { seconds: 3 });
});
afterAll(() => ctx.close());

const as = () => ({ token: ctx.owner.token });

async function upload(
  files: { name: string; data: Buffer }[],
  token = ctx.owner.token,
  workspaceId = ctx.owner.workspaceId,
) {
  const { payload, headers } = multipartBody(
    files.map((f) => ({ name: 'file', filename: f.name, data: f.data })),
  );
  // A multipart body, which op() does not send.
  const res = await ctx.app.inject({
    ...routeOf('medias.upload'),
    query: { workspaceId },
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const libraryFiles = () => {
  const dir = join(ctx.dataDir, 'media', 'library');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
};
const ready = (id: string) => mediaReady(ctx, id);

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
    expect(media.files.map((f) => f.kind).sort()).toEqual(['original', 'preview', 'thumbnail', 'waveform']);
    // Its sound drawn over its whole length, for the editor's timeline: a PNG of the agreed size.
    const wave = await ctx.app.inject({ method: 'GET', url: media.links.waveform! });
    expect(wave.statusCode).toBe(200);
    expect(wave.headers['content-type']).toBe('image/png');
    expect(wave.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect([wave.rawPayload.readUInt32BE(16), wave.rawPayload.readUInt32BE(20)]).toEqual([1200, 96]);

    const thumb = await ctx.app.inject({ method: 'GET', url: media.links.thumbnail! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // An API answer (loads nothing, framed by no one) that still plays when opened in a tab.
    expect(thumb.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; media-src 'self'; img-src 'self'",
    );
    const range = await ctx.app.inject({
      method: 'GET',
      url: media.links.original!,
      headers: { range: 'bytes=0-99' },
    });
    expect(range.statusCode).toBe(206);
    // A range past the end is a 416 in the error shape, with the size, not a 500 (the route had already
    // described the file when it found out).
    const past = await ctx.app.inject({
      method: 'GET',
      url: media.links.original!,
      headers: { range: 'bytes=999999999-' },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-type']).toContain('application/json');
    expect(past.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
    expect(past.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE' });
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
    const { total } = (await op(ctx.app, 'medias.list', as())).body;
    const res = await upload([
      { name: 'fine.mkv', data: readFileSync(clip) },
      { name: 'notes.mp4', data: Buffer.from('This is not a video, just some text.\n'.repeat(50)) },
    ]);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA' });
    expect(res.body.message).toContain('notes.mp4');
    expect(libraryFiles().length).toBe(before);
    expect((await op(ctx.app, 'medias.list', as())).body.total).toBe(total);
  });

  it('renders an MP4 that ffprobe confirms as H.264/AAC of the same duration', async () => {
    const res = await op(ctx.app, 'medias.renderMp4', { ...as(), params: { id: media.id } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ type: 'render-mp4', mediaId: media.id });
    const job = await jobEnded(ctx, res.body.id);
    expect(job).toMatchObject({ state: 'done', progress: 100, error: null });
    const rendered = await ready(job.resultMediaId!);
    expect(rendered).toMatchObject({ origin: 'render', originId: media.id, name: 'Launch Clip (MP4)' });
    const file = join(ctx.dataDir, 'media', rendered.files.find((f) => f.kind === 'original')!.bucketRef);
    const probe = await ffprobe(file);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(probe.format.duration)).toBeCloseTo(3, 0);
    const byOrigin = await op(ctx.app, 'medias.byOrigin', {
      ...as(),
      params: { origin: 'render' },
      query: { originId: media.id },
    });
    expect(byOrigin.body.items.map((m) => m.id)).toEqual([rendered.id]);
  });

  it('renames, copies with files, lists with filter and sort, and deletes with the files', async () => {
    const params = { id: media.id };
    const renamed = await op(ctx.app, 'medias.rename', { ...as(), params, query: { name: 'Keynote' } });
    expect(renamed.body.name).toBe('Keynote');
    const copy = await op(ctx.app, 'medias.copy', { ...as(), params });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: 'Keynote (copy)',
      origin: 'copy',
      originId: media.id,
      status: 'ready',
    });
    const copied = await ctx.app.inject({ method: 'GET', url: copy.body.links.download! });
    expect(copied.rawPayload.equals(readFileSync(clip))).toBe(true);
    const uploads = await op(ctx.app, 'medias.listInWorkspace', {
      ...as(),
      params: { id: ctx.owner.workspaceId },
    });
    expect(uploads.body.items.length).toBeGreaterThanOrEqual(3);
    const sorted = await op(ctx.app, 'medias.list', {
      ...as(),
      query: { sort: 'name', order: 'asc', origin: 'copy' },
    });
    expect(sorted.body.items.map((m) => m.name)).toEqual(['Keynote (copy)']);
    const files = libraryFiles().filter((f) => f.startsWith(copy.body.id));
    expect(files.length).toBe(5); // folder + original, thumbnail, preview, waveform
    expect((await op(ctx.app, 'medias.remove', { ...as(), params: { id: copy.body.id } })).status).toBe(204);
    expect(libraryFiles().filter((f) => f.startsWith(copy.body.id))).toEqual([]);
    expect((await op(ctx.app, 'medias.get', { ...as(), params: { id: copy.body.id } })).status).toBe(404);
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
    const params = { id: corporationId };
    const used = (await op(ctx.app, 'usage.ofCorporation', { ...as(), params })).body.storageBytes;
    expect(used).toBeGreaterThan(0);
    await op(ctx.app, 'usage.updateQuota', { ...as(), params, body: { maxStorageBytes: used + 1000 } });
    const before = libraryFiles().length;
    const res = await upload([{ name: 'big.mkv', data: readFileSync(clip) }]);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(libraryFiles().length).toBe(before);
    await op(ctx.app, 'usage.updateQuota', { ...as(), params, body: { maxStorageBytes: 107_374_182_400 } });
  });

  it('names the field of bad input', async () => {
    const noFile = await upload([]);
    expect(noFile.status).toBe(400);
    const noWs = await ctx.app.inject({
      ...routeOf('medias.upload'),
      ...multipartBody([{ name: 'file', filename: 'a.mkv', data: readFileSync(clip) }]),
      headers: { ...multipartBody([]).headers, authorization: `Bearer ${ctx.owner.token}` },
    });
    expect(noWs.statusCode).toBe(400);
    const rename = await op(ctx.app, 'medias.rename', {
      ...as(),
      params: { id: media.id },
      query: { name: '' },
    });
    expect(rename.status).toBe(400);
    expect(rename.body.details![0]!.field).toMatch(/(^|\.)name$/);
    expect(
      (await op(ctx.app, 'medias.byOrigin', { ...as(), params: { origin: 'elsewhere' } } as never)).status,
    ).toBe(400);
    expect((await op(ctx.app, 'medias.list', { ...as(), query: { sort: 'colour' } } as never)).status).toBe(
      400,
    );
  });

  it('shows another corporation nothing and lets it change nothing', async () => {
    const stranger = await createTenant(ctx, 'Stranger Media Corp');
    const theirs = { token: stranger.user.token };
    const mine = { id: media.id };
    for (const [operation, params, query] of [
      ['medias.get', mine],
      ['medias.rename', mine, { name: 'Mine' }],
      ['medias.remove', mine],
      ['medias.copy', mine],
      ['medias.renderMp4', mine],
      ['medias.listInWorkspace', { id: ctx.owner.workspaceId }],
      ['medias.listInCorporation', { id: ctx.owner.corporationId }],
    ] as const) {
      // The operation is chosen per row, so the input is not held to one operation's type.
      const res = await op(ctx.app, operation, { ...theirs, params, query } as never);
      expect([operation, params, res.status]).toEqual([operation, params, 404]);
    }
    expect((await op(ctx.app, 'medias.list', theirs)).body).toMatchObject({ total: 0 });
    expect((await upload([{ name: 'x.mkv', data: readFileSync(clip) }], stranger.user.token)).status).toBe(
      404,
    );
    const copyInto = await op(ctx.app, 'medias.copy', {
      ...as(),
      params: mine,
      query: { workspaceId: stranger.workspaceId },
    });
    // The owner is a platform admin and sees the other workspace, but copies never cross corporations.
    expect(copyInto.status).toBe(400);
    expect((copyInto.body as { details: { field: string }[] }).details[0]!.field).toBe('workspaceId');
    expect((await op(ctx.app, 'medias.list', {})).status).toBe(401);
  });
});
