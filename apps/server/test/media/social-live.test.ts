import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Target } from '@stromwerk/contracts/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveStandIns } from '../helpers/live-stand-ins';
import { ffmpeg, ffprobe, freePort, publishTestStream, stop, stopAll, waitFor } from '../helpers/media';
import { op } from '../helpers/route-call';
import { connectSocial, socialEnv } from '../helpers/social-connect';
import { startAuthServer } from '../helpers/social-stand-ins';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Going live through a YouTube connection (issue 20) with real ffmpeg: the YouTube stand-in's liveStreams
 * answer an ingestion address on loopback where a small RTMP receiver (ffmpeg -listen) plays YouTube's
 * ingest. Starting the target creates and binds the broadcast, frames arrive, stopping completes it.
 */
let ctx: TestContext;
let auth: Awaited<ReturnType<typeof startAuthServer>>;
let platform: Awaited<ReturnType<typeof startLiveStandIns>>;
let rtmpPort: number;
let receiverPort: number;

beforeAll(async () => {
  auth = await startAuthServer(['https://www.googleapis.com/auth/youtube']);
  receiverPort = await freePort();
  platform = await startLiveStandIns(auth.url, `rtmp://127.0.0.1:${receiverPort}/live2`);
  rtmpPort = await freePort();
  ctx = await createTestApp(
    {
      ...socialEnv('youtube', auth.url, platform.url),
      RTMP_PORT: String(rtmpPort),
      SRT_PORT: String(await freePort()),
      // The stand-in's ingest is on this machine.
      TARGET_ALLOW_PRIVATE: 'true',
    },
    { live: true },
  );
});
afterAll(async () => {
  await stopAll();
  await ctx?.close();
  await Promise.all([auth?.stop(), platform?.stop()]);
});

const as = () => ({ token: ctx.owner.token });
const getTarget = async (id: string) =>
  (await op(ctx.app, 'targets.get', { ...as(), params: { id } })).body as Target;

function rtmpReceiver(file: string) {
  const url = `rtmp://127.0.0.1:${receiverPort}/live2/receiver`;
  return ffmpeg(['-y', '-listen', '1', '-i', url, '-c', 'copy', '-f', 'flv', file]);
}

describe('a YouTube target bound to a connection', () => {
  it('names what YouTube refused, then goes live: broadcast bound, frames arrive, stop completes it', async () => {
    const socialId = await connectSocial(ctx, ctx.owner.token, 'youtube');
    const source = await op(ctx.app, 'sources.create', {
      ...as(),
      body: { workspaceId: ctx.owner.workspaceId, name: 'Studio A', type: 'rtmp' },
    });
    const key = await op(ctx.app, 'sources.streamKey', { ...as(), params: { id: source.body.id } });
    const encoder = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${key.body.streamKey}`, {
      seconds: 90,
    });

    // YouTube refuses the broadcast: the target says so in YouTube's words, and nothing is pushed.
    platform.failNext('/youtube/v3/liveBroadcasts', 403, {
      error: { code: 403, message: 'The user is not enabled for live streaming.' },
    });
    const created = await op(ctx.app, 'targets.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'YouTube',
        sourceId: source.body.id,
        settings: {
          type: 'youtube',
          socialId,
          title: '{source} live {date}',
          visibility: 'unlisted',
          tags: ['stromwerk'],
          category: '20',
        },
      },
    });
    expect(created.status).toBe(201);
    const refused = await waitFor('target refused', async () => {
      const t = await getTarget(created.body.id);
      return t.state === 'not-connected' ? t : undefined;
    });
    expect(refused.lastError).toBe('YouTube refused (403): The user is not enabled for live streaming.');

    // Enabled again: the broadcast is created, bound to a non-reusable stream, and pushed to.
    const file = join(ctx.dataDir, 'youtube-received.flv');
    const receiver = rtmpReceiver(file);
    await op(ctx.app, 'targets.update', {
      ...as(),
      params: { id: created.body.id },
      body: { enabled: true },
    });
    const online = await waitFor('target online', async () => {
      const t = await getTarget(created.body.id);
      return t.state === 'online' ? t : undefined;
    });
    expect(online.platformLive?.id).toMatch(/^bc-/);
    expect(online.platformLive?.url).toBe(`https://www.youtube.com/watch?v=${online.platformLive!.id}`);
    const broadcast = platform.broadcasts.get(online.platformLive!.id)!;
    expect(broadcast.status).toBe('ready');
    const today = new Date().toISOString().slice(0, 10);
    expect(broadcast.snippet).toMatchObject({ title: `Studio A live ${today}` });
    expect(broadcast.status0).toMatchObject({ privacyStatus: 'unlisted' });
    const stream = platform.received.find((r) => r.method === 'POST' && r.path === '/youtube/v3/liveStreams');
    expect(stream?.body).toMatchObject({ contentDetails: { isReusable: false } });
    const video = platform.received.find((r) => r.method === 'PUT' && r.path === '/youtube/v3/videos');
    expect(video?.body).toMatchObject({ snippet: { categoryId: '20', tags: ['stromwerk'] } });
    await waitFor('frames arrived', async () => existsSync(file) && statSync(file).size > 200_000, 30_000);

    // Stop (the target is switched off): the push ends and the broadcast is completed on YouTube.
    await op(ctx.app, 'targets.update', {
      ...as(),
      params: { id: created.body.id },
      body: { enabled: false },
    });
    await waitFor('broadcast complete', async () => broadcast.status === 'complete', 15_000);
    const after = await waitFor('target offline without a live object', async () => {
      const t = await getTarget(created.body.id);
      return t.state === 'offline' && t.platformLive === null ? t : undefined;
    });
    expect(after.lastError).toBeNull();
    await stop(receiver);
    const probe = await ffprobe(file);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264' });
    expect(Number(probe.format.duration)).toBeGreaterThan(1);
    // The token never went anywhere but the configured API address, and never into a target.
    expect(JSON.stringify(after)).not.toContain(auth.issued[0]!);
    await stop(encoder);
  });
});
