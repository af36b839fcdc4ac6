import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { activeProcesses } from '@stromwerk/media/process-registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureIcecast,
  type IcecastServer,
  startIcecast,
} from '../../../../packages/media/test/icecast-server';
import {
  descendantCommandLines,
  ffmpeg,
  ffprobe,
  freePort,
  publishTestStream,
  stop,
  stopAll,
  waitFor,
} from '../helpers/media';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

const ICECAST_PASSWORD = 'source-secret-1';
const icecastSkip = ensureIcecast();
let ctx: TestContext;
let rtmpPort: number;
let icecast: IcecastServer | undefined;

beforeAll(async () => {
  rtmpPort = await freePort();
  ctx = await createTestApp(
    {
      RTMP_PORT: String(rtmpPort),
      SRT_PORT: String(await freePort()),
      // The receivers of these tests run on this machine.
      TARGET_ALLOW_PRIVATE: 'true',
    },
    { live: true },
  );
  if (!icecastSkip) icecast = await startIcecast(ICECAST_PASSWORD);
});
afterAll(async () => {
  await stopAll();
  await icecast?.stop();
  await ctx.close();
});

const as = () => ({ token: ctx.owner.token });
const getTarget = async (id: string) => (await op(ctx.app, 'targets.get', { ...as(), params: { id } })).body;
const targetState = async (id: string) => (await getTarget(id)).state;

async function liveSource(name: string) {
  const src = await op(ctx.app, 'sources.create', {
    ...as(),
    body: { workspaceId: ctx.owner.workspaceId, name, type: 'rtmp' },
  });
  const key = await op(ctx.app, 'sources.streamKey', { ...as(), params: { id: src.body.id } });
  const encoder = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${key.body.streamKey}`, {
    seconds: 120,
  });
  return { id: src.body.id, encoder };
}

describe('SRT target', () => {
  it('delivers video to a local SRT listener', async () => {
    const port = await freePort();
    const file = join(ctx.dataDir, 'srt-received.ts');
    const listener = ffmpeg([
      '-y',
      '-i',
      `srt://127.0.0.1:${port}?mode=listener&passphrase=shared-secret-99`,
      '-c',
      'copy',
      '-f',
      'mpegts',
      file,
    ]);
    const { id, encoder } = await liveSource('SRT feed');
    const target = await op(ctx.app, 'targets.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'SRT partner',
        sourceId: id,
        settings: { type: 'srt', host: '127.0.0.1', port, latencyMs: 120, passphrase: 'shared-secret-99' },
      },
    });
    await waitFor('srt target online', async () => (await targetState(target.body.id)) === 'online', 30_000);
    // The receiver writes only after probing its input (up to ~5 s): wait for real bytes, not a fixed time.
    await waitFor(
      'receiver wrote video',
      async () => existsSync(file) && statSync(file).size > 300_000,
      30_000,
    );
    // The passphrase reached the push in a preset file, not its command line (issue 30 item 4).
    const ours = descendantCommandLines([listener.pid, encoder.pid]);
    expect(ours.some((c) => c.includes(`srt://127.0.0.1:${port}?mode=caller`))).toBe(true);
    expect(ours.filter((c) => c.includes('shared-secret-99'))).toEqual([]);
    await stop(encoder);
    await waitFor(
      'srt target offline',
      async () => (await targetState(target.body.id)) === 'offline',
      15_000,
    );
    await stop(listener);
    const probe = await ffprobe(file);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 640,
      height: 360,
    });
  }, 60_000);
});

describe.skipIf(icecastSkip !== null)('Icecast target', () => {
  it('pushes audio to a real icecast2 mount that a listener can read', async () => {
    const { id, encoder } = await liveSource('Radio feed');
    const target = await op(ctx.app, 'targets.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Radio',
        sourceId: id,
        settings: {
          type: 'icecast',
          url: `http://127.0.0.1:${icecast!.port}`,
          mount: '/stromwerk.mp3',
          password: ICECAST_PASSWORD,
          format: 'mp3',
        },
      },
    });
    await waitFor(
      'icecast target online',
      async () => (await targetState(target.body.id)) === 'online',
      30_000,
    );
    const ours = descendantCommandLines([encoder.pid]);
    expect(ours.some((c) => c.includes('/stromwerk.mp3'))).toBe(true);
    expect(ours.filter((c) => c.includes(ICECAST_PASSWORD))).toEqual([]);
    const file = join(ctx.dataDir, 'listened.mp3');
    const listener = ffmpeg([
      '-y',
      '-i',
      `http://127.0.0.1:${icecast!.port}/stromwerk.mp3`,
      '-t',
      '3',
      '-c',
      'copy',
      file,
    ]);
    const code = await new Promise<number | null>((r) => listener.once('exit', (c) => r(c)));
    expect(code).toBe(0);
    const probe = await ffprobe(file);
    expect(probe.streams[0]).toMatchObject({ codec_type: 'audio', codec_name: 'mp3' });
    await stop(encoder);
  }, 60_000);

  it('says why when the source password is wrong', async () => {
    const { id, encoder } = await liveSource('Wrong password');
    const target = await op(ctx.app, 'targets.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Bad radio',
        sourceId: id,
        settings: {
          type: 'icecast',
          url: `http://127.0.0.1:${icecast!.port}`,
          mount: '/denied.mp3',
          password: 'not-the-password',
          format: 'mp3',
        },
      },
    });
    const failed = await waitFor(
      'icecast target failing',
      async () => {
        const t = await getTarget(target.body.id);
        return t.lastError ? t : undefined;
      },
      30_000,
    );
    expect(failed.lastError).toMatch(/401|Unauthorized|password/i);
    expect(['almost-online', 'not-connected']).toContain(failed.state);
    await stop(encoder);
  }, 60_000);
});

describe('shutdown', () => {
  it('leaves no ffmpeg process of ours behind once the live engine stops', async () => {
    await ctx.app.live!.stop();
    expect(activeProcesses()).toEqual([]);
  });
});
