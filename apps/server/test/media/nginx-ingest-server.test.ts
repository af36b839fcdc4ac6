import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxRtmpAvailable } from '../../src/plugins/nginx-ingest';
import { freePort, publishTestStream, stopAll, waitFor } from '../helpers/media';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * The whole server with INGEST_ENGINE=nginx (issue 18): a publish with a source's key makes it live with
 * its stream info, rotating the key drops the encoder and the old key is refused afterwards, an unknown
 * key never gets in. The built-in ingest is covered by rtmp-ingest-and-targets.test.ts.
 */
const available = nginxRtmpAvailable();

describe.skipIf(!available)('server on the nginx-rtmp ingest', () => {
  let ctx: TestContext;
  let rtmpPort: number;
  beforeAll(async () => {
    rtmpPort = await freePort();
    ctx = await createTestApp(
      { RTMP_PORT: String(rtmpPort), SRT_PORT: String(await freePort()), INGEST_ENGINE: 'nginx' },
      { live: true },
    );
  });
  afterAll(async () => {
    await stopAll();
    await ctx?.close();
  });
  const as = () => ({ token: ctx.owner.token });
  const getSource = async (id: string) =>
    (await op(ctx.app, 'sources.get', { ...as(), params: { id } })).body;

  it('goes live on a publish, drops the encoder when the key rotates, and refuses old and unknown keys', async () => {
    const src = await op(ctx.app, 'sources.create', {
      ...as(),
      body: { workspaceId: ctx.owner.workspaceId, name: 'Encoder on nginx', type: 'rtmp' },
    });
    const id = src.body.id;
    const key = (await op(ctx.app, 'sources.streamKey', { ...as(), params: { id } })).body.streamKey;
    const encoder = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${key}`, { seconds: 60 });
    const live = await waitFor('source live with stream info', async () => {
      const s = await getSource(id);
      return s.state === 'live' && s.streamInfo?.video ? s : undefined;
    });
    expect(live.streamInfo!.video).toMatchObject({ codec: 'h264', width: 640, height: 360 });

    await op(ctx.app, 'sources.rotateKey', { ...as(), params: { id } });
    await waitFor('the encoder dropped', async () => encoder.exitCode !== null, 10_000);
    await waitFor('source offline', async () => (await getSource(id)).state === 'offline', 10_000);

    for (const refused of [key, 'not-a-real-key-000000000']) {
      const again = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${refused}`, { seconds: 10 });
      const code = await new Promise<number | null>((resolve) => again.once('exit', (c) => resolve(c)));
      expect(code).not.toBe(0);
    }
    expect((await getSource(id)).state).toBe('offline');
  });
});
