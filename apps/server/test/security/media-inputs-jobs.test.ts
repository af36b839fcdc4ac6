// Issue 10, finding 1 in depth: even when a playlist that names another tenant's file is already in
// storage under a media row (uploaded before the fix, or planted), no ffmpeg input a user can point at
// it -- thumbnail, render-mp4, re-live source, player fallback -- reads the foreign file.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Job } from '@stromwerk/contracts/jobs';
import type { Media } from '@stromwerk/contracts/medias';
import type { Output } from '@stromwerk/contracts/outputs';
import type { Source } from '@stromwerk/contracts/sources';
import { activeProcesses } from '@stromwerk/media/process-registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from '../helpers/media';
import type { OperationName } from '../helpers/route-call';
import { createTenant } from '../helpers/test-app';
import { redClip } from './media-attacks';
import { type RunningServer, startRunningServer } from './running-server';

let srv: RunningServer;
let attacker: Awaited<ReturnType<typeof createTenant>>;
let victimPath: string;

beforeAll(async () => {
  srv = await startRunningServer(
    { RTMP_PORT: String(await freePort()), SRT_PORT: String(await freePort()) },
    { live: true },
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await redClip(join(srv.dataDir, 'red.mkv')))]), 'secret.mkv');
  const res = await srv.op('medias.upload', {
    query: { workspaceId: srv.owner.workspaceId },
    body: form,
    token: srv.owner.token,
  });
  expect(res.status).toBe(201);
  const original = ((await res.json()) as { items: Media[] }).items[0]!.files[0]!;
  victimPath = await srv.app.services.storage.ffmpegInput(original.bucketRef);
  attacker = await createTenant(srv, 'Attacker Corp');
});
afterAll(() => srv?.close());

const as = <T>(name: OperationName, init: Omit<Parameters<RunningServer['op']>[1], 'token'> = {}) =>
  srv
    .op(name, { ...init, token: attacker.user.token })
    .then(async (r) => ({ status: r.status, body: (await r.json()) as T }));

/**
 * A playlist naming the victim's file, stored under a ready media row of the attacker. `formatName` is
 * what the row claims: 'hls' as an upload before the fix stored it, or a forged container name.
 */
async function plant(formatName: string) {
  const id = randomUUID();
  const bucketRef = `library/${id}/original.m3u8`;
  const data = Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1.0,\n${victimPath}\n#EXT-X-ENDLIST\n`);
  await srv.app.services.storage.put(bucketRef, Readable.from([data]));
  const video = { codec: 'mpeg4', width: 64, height: 48, fps: 10, bitrateKbps: null, profile: null };
  const row = await srv.app.services.medias.repo.insert({
    id,
    corporationId: attacker.corporationId,
    workspaceId: attacker.workspaceId,
    name: `planted ${formatName}`,
    origin: 'upload',
    status: 'ready',
    files: [{ kind: 'original', bucketRef, size: data.length, mimeType: 'video/x-matroska' }],
    probe: { formatName, video, audio: null },
    sizeBytes: data.length,
    durationMs: 1000,
    uploadedAt: new Date(),
  });
  return { row, path: await srv.app.services.storage.ffmpegInput(bucketRef) };
}

const jobEnded = (id: string) =>
  waitFor(`job ${id} ended`, async () => {
    const { body } = await as<Job>('jobs.get', { params: { id } });
    return ['done', 'failed', 'cancelled'].includes(body.state) ? body : undefined;
  });

/** ffmpeg was started on `path` and its first run ended (a reader of the foreign file would keep going). */
async function firstRunEnded(path: string) {
  const pid = await waitFor(
    `ffmpeg on ${path}`,
    async () => activeProcesses().find((p) => p.args.some((a) => a.includes(path)))?.pid,
  );
  await waitFor(`ffmpeg ${pid} ended`, async () => !activeProcesses().some((p) => p.pid === pid), 8000);
}

describe.each(['hls', 'matroska,webm'])('a planted playlist whose row says %s', (formatName) => {
  it('thumbnail job: fails without a frame of the foreign file', async () => {
    const { row } = await plant(formatName);
    const job = await srv.app.services.jobs.enqueue({ type: 'thumbnail', media: row });
    const ended = await jobEnded(job.id);
    expect(ended.state).toBe('failed');
    // Refused by the demuxer whitelist, or the forced demuxer finds no video in a playlist.
    expect(ended.error).toMatch(/Format hls is not accepted|Invalid data found/);
    const media = (await as<Media>('medias.get', { params: { id: row.id } })).body;
    expect(media.files.map((f) => f.kind)).toEqual(['original']);
    expect(existsSync(join(srv.dataDir, 'media', 'library', row.id, 'thumbnail.jpg'))).toBe(false);
  });

  it('render-mp4: fails and adds no MP4 of the foreign file to the attacker’s library', async () => {
    const { row } = await plant(formatName);
    const started = await as<Job>('medias.renderMp4', { params: { id: row.id } });
    expect(started.status).toBe(202);
    const ended = await jobEnded(started.body.id);
    expect(ended.state).toBe('failed');
    expect(ended.resultMediaId).toBeNull();
    const library = (
      await as<{ items: Media[] }>('medias.list', { query: { workspaceId: attacker.workspaceId } })
    ).body;
    expect(library.items.filter((m) => m.origin === 'render')).toEqual([]);
  });
});

describe('live inputs on a planted playlist (row from before the fix: hls)', () => {
  it('re-live source: ffmpeg stops at the playlist and the source never goes live', async () => {
    const { row, path } = await plant('hls');
    const created = await as<Source>('sources.create', {
      json: {
        workspaceId: attacker.workspaceId,
        name: 'Relive',
        type: 'relive',
        mediaId: row.id,
        loop: true,
      },
    });
    expect(created.status).toBe(201);
    await firstRunEnded(path);
    expect((await as<Source>('sources.get', { params: { id: created.body.id } })).body.state).not.toBe(
      'live',
    );
  });

  it('player fallback: the program writer stops at the playlist and writes no segment', async () => {
    const { row, path } = await plant('hls');
    const created = await as<Output>('outputs.create', {
      json: { workspaceId: attacker.workspaceId, name: 'Player', fallbackMediaId: row.id, latency: 'low' },
    });
    expect(created.status).toBe(201);
    await firstRunEnded(path);
    const dir = join(srv.dataDir, 'hls', created.body.id);
    const segments = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.ts')) : [];
    expect(segments).toEqual([]);
  });
});
