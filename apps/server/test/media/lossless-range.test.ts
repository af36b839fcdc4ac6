import { join } from 'node:path';
import { losslessCut } from '@stromwerk/contracts/keyframes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { jobEnded, mediaReady, uploadFile } from '../helpers/library';
import { makeMediaFile } from '../helpers/media';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 33 item 10: a lossless cut of 2.5-8 s snaps to the keyframe at 2 s. The range the editor shows
 * (keyframes from GET /v1/medias/{id}/keyframes, snapped by `losslessCut`) is the rendered file's length.
 */
let ctx: TestContext;
let media: string;
const as = () => ({ token: ctx.owner.token });

beforeAll(async () => {
  ctx = await createTestApp();
  const file = await makeMediaFile(join(ctx.dataDir, 'gop2.mp4'), {
    seconds: 12,
    vcodec: 'libx264',
    acodec: 'aac',
    gop: 50, // 2 s at 25 fps
  });
  media = (await mediaReady(ctx, (await uploadFile(ctx, file)).body.items[0]!.id)).id;
}, 120_000);
afterAll(() => ctx.close());

describe('the lossless range shown before rendering', () => {
  it('lists the keyframes and renders exactly the snapped range', async () => {
    const kf = await op(ctx.app, 'medias.keyframes', { ...as(), params: { id: media } });
    expect(kf.status, JSON.stringify(kf.body)).toBe(200);
    expect(kf.body).toEqual({ mediaId: media, keyframesMs: [0, 2000, 4000, 6000, 8000, 10_000] });
    const shown = losslessCut(kf.body.keyframesMs, 2500, 8000);
    expect(shown).toEqual({ inMs: 2000, outMs: 8000 });

    const draft = await op(ctx.app, 'drafts.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Lossless',
        output: { fps: 25, renderMode: 'copy' },
        timeline: { main: [{ id: 'c1', mediaId: media, inMs: 2500, outMs: 8000 }] },
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.lossless).toBe(true);
    const job = await op(ctx.app, 'drafts.render', { ...as(), params: { id: draft.body.id } });
    const ended = await jobEnded(ctx, job.body.id, 120_000);
    expect(`${ended.state} ${ended.error ?? ''}`).toBe('done ');
    const result = await mediaReady(ctx, ended.resultMediaId!);
    // The stored duration is ffprobe's of the rendered file (the import probes it); one frame (40 ms)
    // of slack: the audio's last frame may reach past the picture's end.
    expect(result.durationMs).toBeGreaterThan(5800); // not the 5.5 s asked
    expect(Math.abs(result.durationMs! - (shown.outMs - shown.inMs))).toBeLessThanOrEqual(40);
  }, 180_000);

  it('answers 409 for a media without its file', async () => {
    const waiting = await op(ctx.app, 'medias.create', {
      ...as(),
      body: { workspaceId: ctx.owner.workspaceId, name: 'later' },
    });
    const res = await op(ctx.app, 'medias.keyframes', { ...as(), params: { id: waiting.body.id } });
    expectError(res, 409, 'CONFLICT', 'id');
  });
});
