// Issue 31 item 5, after the recording and packaging changes: playlists whose entries name a private file
// (file:, absolute, ../), an internal address (http://127.0.0.1) or the concat:/subfile: protocols. At the
// door they are refused by content; stored anyway under a media row (from before the content check, or
// planted), every path that reads a media -- thumbnail, editor render (re-encode and the lossless concat
// copy), clip, the VOD packaging of a recording -- fails with a reason and neither opens the private file
// (a named pipe that sees any open) nor connects to the internal address (a listener that counts).
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { Job } from '@stromwerk/contracts/jobs';
import type { Media } from '@stromwerk/contracts/medias';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storedInput } from '../../src/modules/medias/media-input';
import { VodPackager } from '../../src/modules/outputs/vod-packager';
import { waitFor } from '../helpers/media';
import type { OperationName } from '../helpers/route-call';
import { createTenant } from '../helpers/test-app';
import {
  ENTRY_KINDS,
  type EntryKind,
  entry,
  hostileList,
  LIST_FORMATS,
  type ListFormat,
  startCanary,
  startTripwire,
} from './hostile-playlists';
import { type RunningServer, startRunningServer } from './running-server';

let srv: RunningServer;
let attacker: Awaited<ReturnType<typeof createTenant>>;
let canary: Awaited<ReturnType<typeof startCanary>>;
let tripwire: Awaited<ReturnType<typeof startTripwire>>;

beforeAll(async () => {
  canary = await startCanary();
  tripwire = await startTripwire();
  srv = await startRunningServer();
  attacker = await createTenant(srv, 'Attacker Corp');
});
afterAll(async () => {
  await srv?.close();
  await tripwire?.close();
  await canary?.release();
});
/** Whatever a test did, nothing opened the private file or connected to the internal address. */
function expectNothingReached() {
  expect(canary.opened(), 'the private file was opened').toBe(false);
  expect(tripwire.connections, 'connections to the internal address').toEqual([]);
}
beforeEach(() => {
  tripwire.connections.length = 0;
  canary.reset();
});

const as = <T>(name: OperationName, init: Omit<Parameters<RunningServer['op']>[1], 'token'> = {}) =>
  srv
    .op(name, { ...init, token: attacker.user.token })
    .then(async (r) => ({ status: r.status, body: (await r.json()) as T }));

describe('uploads of hostile playlists', () => {
  const cases = LIST_FORMATS.flatMap((f) => ENTRY_KINDS.map((kind) => [f.format, kind] as const));
  it.each(cases)('%s naming %s: 415 naming the file, no media, nothing read', async (format, kind) => {
    const { filename } = LIST_FORMATS.find((f) => f.format === format)!;
    const data = hostileList(format, [entry(kind, '/etc/passwd', tripwire.url, '/tmp/upload')]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), filename);
    const res = await srv.op('medias.upload', {
      query: { workspaceId: attacker.workspaceId },
      body: form,
      token: attacker.user.token,
    });
    const body = (await res.json()) as { code: string; message: string; details: unknown };
    expect(res.status).toBe(415);
    expect(body.code).toBe('UNSUPPORTED_MEDIA');
    expect(body.details).toEqual([{ field: 'file', message: expect.stringContaining(`"${filename}"`) }]);
    const list = await as<{ items: Media[] }>('medias.list', {
      query: { workspaceId: attacker.workspaceId },
    });
    expect(list.body.items).toEqual([]);
    expectNothingReached();
  });
});

const H264 = { codec: 'h264', width: 64, height: 48, fps: 10, bitrateKbps: null, profile: null };

/**
 * A hostile list stored under a ready media row of the attacker. `formatName` is what the row claims: the
 * list's own demuxer (a row from before the content check) or a container name it lied its way to.
 */
async function plant(
  format: ListFormat,
  formatName: string,
  kinds: readonly EntryKind[],
  origin: 'upload' | 'recording' = 'upload',
) {
  const id = randomUUID();
  const bucketRef = `library/${id}/original.${format === 'm3u8' ? 'm3u8' : 'txt'}`;
  const path = await srv.app.services.storage.ffmpegInput(bucketRef);
  const data = hostileList(
    format,
    kinds.map((k) => entry(k, canary.path, tripwire.url, dirname(path))),
  );
  await srv.app.services.storage.put(bucketRef, Readable.from([data]));
  const row = await srv.app.services.medias.repo.insert({
    id,
    corporationId: attacker.corporationId,
    workspaceId: attacker.workspaceId,
    name: `planted ${format} as ${formatName}`,
    origin,
    status: 'ready',
    files: [{ kind: 'original', bucketRef, size: data.length, mimeType: 'video/mp2t' }],
    probe: { formatName, video: H264, audio: null },
    sizeBytes: data.length,
    durationMs: 4000,
    uploadedAt: new Date(),
  });
  return row;
}

const jobEnded = (id: string) =>
  waitFor(`job ${id} ended`, async () => {
    const { body } = await as<Job>('jobs.get', { params: { id } });
    return ['done', 'failed', 'cancelled'].includes(body.state) ? body : undefined;
  });

// Each entry kind alone in a list read by its own demuxer (a row from before the content check says hls or
// concat: refused by the demuxer whitelist; a reader stops at the first entry it cannot open, so one kind a
// list), and every kind in a list whose row lies (mpegts: forced, it finds no packets in text).
const PLANTED: [ListFormat, string, EntryKind[]][] = [
  ...ENTRY_KINDS.map((k): [ListFormat, string, EntryKind[]] => ['m3u8', 'hls', [k]]),
  ...ENTRY_KINDS.map((k): [ListFormat, string, EntryKind[]] => ['ffconcat', 'concat', [k]]),
  ['ffconcat', 'mpegts', ENTRY_KINDS],
  ['m3u8', 'mpegts', ENTRY_KINDS],
];

describe.each(PLANTED)('a stored %s list whose row says %s, naming %j', (format, formatName, kinds) => {
  it('thumbnail job: fails with a reason, no still, nothing read', async () => {
    const row = await plant(format, formatName, kinds);
    const job = await srv.app.services.jobs.enqueue({ type: 'thumbnail', media: row });
    const ended = await jobEnded(job.id);
    expect(ended.state).toBe('failed');
    expect(ended.error).toMatch(/\S/);
    const media = (await as<Media>('medias.get', { params: { id: row.id } })).body;
    expect(media.files.map((f) => f.kind)).toEqual(['original']);
    expectNothingReached();
  });

  it('editor render of two cuts (the lossless concat copy when the rows match): fails, no new media', async () => {
    const a = await plant(format, formatName, kinds);
    const b = await plant(format, formatName, kinds);
    const draft = await as<{ id: string; lossless: boolean }>('drafts.create', {
      json: { workspaceId: attacker.workspaceId, name: 'Hostile', fromMediaIds: [a.id, b.id] },
    });
    expect(draft.status).toBe(201);
    expect(draft.body.lossless).toBe(true);
    const render = await as<Job>('drafts.render', { params: { id: draft.body.id } });
    expect(render.status).toBe(202);
    const ended = await jobEnded(render.body.id);
    expect(ended.state).toBe('failed');
    expect(ended.error).toMatch(/\S/);
    const library = await as<{ items: Media[] }>('medias.list', {
      query: { workspaceId: attacker.workspaceId },
    });
    expect(library.body.items.filter((m) => m.origin === 'render')).toEqual([]);
    expectNothingReached();
  });

  it('clip of the media: the job fails and the clip is a failed media with the reason', async () => {
    const row = await plant(format, formatName, kinds);
    const made = await as<{ job: Job; media: Media }>('clips.create', {
      json: { mediaId: row.id, inMs: 0, outMs: 2000 },
    });
    expect(made.status).toBe(202);
    const ended = await jobEnded(made.body.job.id);
    expect(ended.state).toBe('failed');
    const clip = await waitFor('clip marked', async () => {
      const { status, body } = await as<Media>('medias.get', { params: { id: made.body.media.id } });
      return status === 404 || body.status === 'failed' ? { status, body } : undefined;
    });
    if (clip.status === 200) expect(clip.body.error).toMatch(/\S/);
    expectNothingReached();
  });

  it('VOD packaging of it as a player’s last recording: no playlist, no segment, the failure logged', async () => {
    const row = await plant(format, formatName, kinds, 'recording');
    const dir = join(srv.dataDir, 'hls', `vod-${row.id}`);
    const errors: string[] = [];
    const log = { error: (o: { err?: Error }, msg: string) => errors.push(`${msg}: ${o.err?.message}`) };
    const packager = new VodPackager({ ffmpegPath: 'ffmpeg', log: log as never });
    const { mkdir } = await import('node:fs/promises');
    await mkdir(dir, { recursive: true });
    const file = row.files[0]!;
    await packager.ensure(dir, row.id, () => storedInput(srv.app.services.storage, row, file), false);
    expect(errors).toEqual([expect.stringMatching(/^packaging the VOD failed: \S/)]);
    expect(existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('vod')) : []).toEqual([]);
    expectNothingReached();
  });
});

describe('the editor’s lossless copy (concat demuxer) of a stored ffconcat list', () => {
  it('never follows the list, not even to a harmless-looking name beside it', async () => {
    // The one entry the concat demuxer's safe mode would accept: a plain name in the list's own folder.
    // Opening it proves the list was read as a list, a reference format no media may be.
    const a = await plant('ffconcat', 'mpegts', ['absolute']);
    const b = await plant('ffconcat', 'mpegts', ['absolute']);
    const beside = await startCanary(
      join(dirname(await srv.app.services.storage.ffmpegInput(a.files[0]!.bucketRef)), 'beside.ts'),
    );
    const list = Buffer.from("ffconcat version 1.0\nfile 'beside.ts'\n");
    for (const m of [a, b]) await srv.app.services.storage.put(m.files[0]!.bucketRef, Readable.from([list]));
    const draft = await as<{ id: string; lossless: boolean }>('drafts.create', {
      json: { workspaceId: attacker.workspaceId, name: 'Nested', fromMediaIds: [a.id, b.id] },
    });
    expect(draft.body.lossless).toBe(true);
    const render = await as<Job>('drafts.render', { params: { id: draft.body.id } });
    const ended = await jobEnded(render.body.id);
    await beside.release();
    expect(beside.opened(), 'the file the nested list names was opened').toBe(false);
    expect(ended.state).toBe('failed');
    // Since issue 33 item 10 the render first lists each clip's keyframes, reading the stored file as a
    // media format (never as a list): the list is refused there, before the concat step would refuse it.
    expect(ended.error).toMatch(/not on whitelist|Invalid argument|not accepted|could not list keyframes/);
  });
});
