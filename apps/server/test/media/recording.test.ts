import type { Media } from '@stromwerk/contracts/medias';
import type { Source } from '@stromwerk/contracts/sources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, publishTestStream, stopAll, waitFor } from '../helpers/media';
import { call, createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let rtmpPort: number;
beforeAll(async () => {
  rtmpPort = await freePort();
  ctx = await createTestApp(
    { RTMP_PORT: String(rtmpPort), SRT_PORT: String(await freePort()) },
    { live: true },
  );
});
afterAll(async () => {
  await stopAll();
  await ctx.close();
});

const api = <T>(method: string, url: string, body?: object) =>
  call<T>(ctx.app, method, url, { token: ctx.owner.token, body });

describe('recording a live source', () => {
  it('shows a live preview, and writes the session into the media library when the publisher stops', async () => {
    const src = await api<Source>('POST', '/v1/sources', {
      workspaceId: ctx.owner.workspaceId,
      name: 'Town Hall',
      type: 'rtmp',
      recording: true,
    });
    const key = await api<{ streamKey: string }>('GET', `/v1/sources/${src.body.id}/stream-key`);
    const encoder = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${key.body.streamKey}`, 8);
    await waitFor(
      'live',
      async () => (await api<Source>('GET', `/v1/sources/${src.body.id}`)).body.state === 'live',
    );
    // While live, the list can show a current picture.
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sources/${src.body.id}/preview`,
      headers: { authorization: `Bearer ${ctx.owner.token}` },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((await call(ctx.app, 'GET', `/v1/sources/${src.body.id}/preview`)).status).toBe(401);
    await new Promise((r) => encoder.once('exit', r));
    await waitFor(
      'offline',
      async () => (await api<Source>('GET', `/v1/sources/${src.body.id}`)).body.state !== 'live',
    );
    expect((await api('GET', `/v1/sources/${src.body.id}/preview`)).status).toBe(404);
    const recording = await waitFor(
      'recording in the library',
      async () => {
        const list = await api<{ items: Media[] }>(
          'GET',
          `/v1/medias/by-origin/recording?originId=${src.body.id}`,
        );
        const m = list.body.items[0];
        return m?.status === 'ready' ? m : undefined;
      },
      40_000,
    );
    expect(recording.name).toMatch(/^Town Hall \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(recording.info?.video?.codec).toBe('h264');
    expect(recording.info?.audio?.codec).toBe('aac');
    expect(recording.durationMs).toBeGreaterThan(5000);
    expect(recording.durationMs).toBeLessThan(10_000);
    expect(recording.links.thumbnail).not.toBeNull();
  });
});
