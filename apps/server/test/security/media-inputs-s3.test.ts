// Issue 10, finding 1 with S3 storage: ffmpeg reads an object over http (the storage relay), so
// http must be allowed for that one input -- and a playlist read that way could otherwise make the
// server fetch any address (SSRF). Reference formats are refused, and a stored one reads nothing else.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Job } from '@stromwerk/contracts/jobs';
import type { Media } from '@stromwerk/contracts/medias';
import { safeInput } from '@stromwerk/media/safe-input';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storedInput } from '../../src/modules/medias/media-input';
import { waitFor } from '../helpers/media';
import type { OperationName } from '../helpers/route-call';
import { startS3Server } from '../helpers/s3-server';
import { createTenant } from '../helpers/test-app';
import { redClip, referenceFiles, startRecorder } from './media-attacks';
import { type RunningServer, startRunningServer } from './running-server';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let srv: RunningServer;
let recorder: Awaited<ReturnType<typeof startRecorder>>;
let attacker: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  s3 = await startS3Server();
  srv = await startRunningServer(s3.env);
  recorder = await startRecorder();
  attacker = await createTenant(srv, 'Attacker Corp');
});
beforeEach(() => recorder?.reset());
afterAll(async () => {
  await recorder?.close();
  await srv?.close();
  await s3?.close();
});

const as = <T>(name: OperationName, init: Omit<Parameters<RunningServer['op']>[1], 'token'> = {}) =>
  srv
    .op(name, { ...init, token: attacker.user.token })
    .then(async (r) => ({ status: r.status, body: (await r.json()) as T }));
function upload(filename: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), filename);
  return as<{ items: Media[]; message?: string }>('medias.upload', {
    query: { workspaceId: attacker.workspaceId },
    body: form,
  });
}
const jobEnded = (id: string) =>
  waitFor(`job ${id} ended`, async () => {
    const { body } = await as<Job>('jobs.get', { params: { id } });
    return ['done', 'failed', 'cancelled'].includes(body.state) ? body : undefined;
  });

describe('S3 storage: the relayed object is the only thing read', () => {
  it('a real upload is probed and thumbnailed through its relay address', async () => {
    const res = await upload('clip.mkv', await redClip(join(srv.dataDir, 'clip.mkv')));
    expect(res.status).toBe(201);
    const id = res.body.items[0]!.id;
    const ready = await waitFor('media ready', async () => {
      const m = (await as<Media>('medias.get', { params: { id } })).body;
      return m.status === 'ready' ? m : undefined;
    });
    expect(ready.files.map((f) => f.kind).sort()).toEqual(['original', 'preview', 'thumbnail', 'waveform']);
    // What every ffmpeg read of it gets: http for that one relay address, the probed demuxer forced; no
    // credential of the bucket on the command line (issue 30 item 4).
    const row = (await srv.app.services.medias.repo.byId(id))!;
    const args = safeInput(await storedInput(srv.app.services.storage, row, row.files[0]!));
    expect(args).toEqual([
      ...['-protocol_whitelist', 'http,tcp', '-format_whitelist', expect.any(String), '-f', 'matroska'],
      ...['-i', expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/\d+\/[\w-]{43}\/library\//)],
    ]);
    expect(args.join(' ')).not.toMatch(/X-Amz|Credential|Signature=/);
  });

  // Local paths are the local-storage suite's; here every file aims at the loopback recorder.
  const attacks = () =>
    referenceFiles({ victimPath: '/', recorderUrl: recorder.url, udpPort: recorder.udpPort }).filter((a) =>
      a.name.includes('loopback'),
    );
  const names = referenceFiles({ victimPath: '/', recorderUrl: 'http://h', udpPort: 1 })
    .filter((a) => a.name.includes('loopback'))
    .map((a) => a.name);

  it.each(names)('%s: refused at upload without one request or datagram', async (name) => {
    const attack = attacks().find((a) => a.name === name)!;
    const res = await upload(attack.filename, attack.data);
    expect(recorder.requests).toEqual([]);
    expect(recorder.datagrams).toEqual([]);
    expect(res.status).toBe(415);
    expect(res.body.message).toContain(`"${attack.filename}" is not accepted: format ${attack.format}`);
  });

  it('a playlist already in the bucket under a media row makes the thumbnail job fetch nothing', async () => {
    const id = randomUUID();
    const bucketRef = `library/${id}/original.m3u8`;
    const data = Buffer.from(
      `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1.0,\n${recorder.url}/planted.ts\n#EXT-X-ENDLIST\n`,
    );
    await srv.app.services.storage.put(bucketRef, Readable.from([data]));
    const video = { codec: 'h264', width: 64, height: 48, fps: 10, bitrateKbps: null, profile: null };
    const row = await srv.app.services.medias.repo.insert({
      id,
      corporationId: attacker.corporationId,
      workspaceId: attacker.workspaceId,
      name: 'planted',
      origin: 'upload',
      status: 'ready',
      files: [{ kind: 'original', bucketRef, size: data.length, mimeType: 'video/mp2t' }],
      probe: { formatName: 'hls', video, audio: null },
      sizeBytes: data.length,
      durationMs: 1000,
      uploadedAt: new Date(),
    });
    const job = await srv.app.services.jobs.enqueue({ type: 'thumbnail', media: row });
    const ended = await jobEnded(job.id);
    expect(recorder.requests).toEqual([]);
    expect(ended.state).toBe('failed');
    expect(ended.error).toContain('Format hls is not accepted');
  });
});
