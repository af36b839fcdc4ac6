// Issue 10, finding 1 on the SRT ingest: the caller decides every byte the listener's ffmpeg reads. Had
// it probed them, an HLS playlist sent instead of MPEG-TS would make the listener read the `file:`
// paths and URLs it names -- another tenant's media, straight into the attacker's live source.
import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Media } from '@stromwerk/contracts/medias';
import type { Source } from '@stromwerk/contracts/sources';
import { activeProcesses } from '@stromwerk/media/process-registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from '../helpers/media';
import { createTenant } from '../helpers/test-app';
import { redClip } from './media-attacks';
import { type RunningServer, startRunningServer } from './running-server';

const run = promisify(execFile);
let srv: RunningServer;
let victimPath: string;

async function freeUdpPort() {
  const s = createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  srv = await startRunningServer(
    { RTMP_PORT: String(await freePort()), SRT_PORT: String(await freeUdpPort()) },
    { live: true },
  );
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(await redClip(join(srv.dataDir, 'red.mkv'), 'flv'))]),
    'secret.mkv',
  );
  const res = await srv.op('medias.upload', {
    query: { workspaceId: srv.owner.workspaceId },
    body: form,
    token: srv.owner.token,
  });
  expect(res.status).toBe(201);
  const original = ((await res.json()) as { items: Media[] }).items[0]!.files[0]!;
  victimPath = await srv.app.services.storage.ffmpegInput(original.bucketRef);
});
afterAll(() => srv?.close());

describe('SRT ingest', () => {
  it('a caller sending an HLS playlist instead of MPEG-TS gets nothing read and never goes live', async () => {
    const attacker = await createTenant(srv, 'Attacker Corp');
    const token = attacker.user.token;
    const created = await srv.op('sources.create', {
      token,
      json: { workspaceId: attacker.workspaceId, name: 'SRT cam', type: 'srt' },
    });
    const source = (await created.json()) as Source;
    const port = Number(new URL(source.ingestUrl!.replace(/^srt:/, 'http:')).port);
    const key = (await (await srv.op('sources.streamKey', { params: { id: source.id }, token })).json()) as {
      streamKey: string;
    };
    const listener = await waitFor('SRT listener', async () =>
      activeProcesses().find((p) => p.label === `source ${source.id}`),
    );
    // The segment up front (hls probes the first 2 KB), then padding so the probe gets its 2 KB.
    const playlist = join(srv.dataDir, 'caller.m3u8');
    writeFileSync(
      playlist,
      `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1.0,\nfile:${victimPath}\n#EXT-X-ENDLIST\n${'#X-PAD\n'.repeat(700)}`,
    );
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'data', '-i', playlist],
      ...['-map', '0', '-c', 'copy', '-f', 'data', '-passphrase', key.streamKey, '-pbkeylen', '16'],
      `srt://127.0.0.1:${port}?mode=caller&latency=120000&linger=3`,
    ]).catch(() => undefined);
    await waitFor(
      'listener run ended',
      async () => !activeProcesses().some((p) => p.pid === listener.pid),
      15_000,
    );
    // Going live opens a stream-info record at once; reading the victim's 1 s clip would have done so.
    const infos = (await (
      await srv.op('streamInfos.list', { query: { sourceId: source.id }, token })
    ).json()) as {
      items: unknown[];
    };
    expect(infos.items).toEqual([]);
  });
});
