import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programDir } from '../../src/modules/outputs/program-engine';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

/**
 * Issue 33 item 8: the DVR bar read 02:00-02:49 as one span though the stream was off for about 14
 * minutes of it. The window now names its gaps, and a range starting or ending in one is refused.
 */
let ctx: TestContext;
let player: string;
beforeAll(async () => {
  ctx = await createTestApp({}, { jobs: false });
  player = (
    await op(ctx.app, 'outputs.create', {
      token: ctx.owner.token,
      body: { workspaceId: ctx.owner.workspaceId, name: 'DVR with a gap', latency: 'high' },
    })
  ).body.id;
  const dir = programDir(ctx.dataDir, player);
  mkdirSync(dir, { recursive: true });
  // 10:00:00-10:00:12 on air, off for 14 minutes, 10:14:12-10:14:24 on air again.
  const seg = (n: number, at?: string) =>
    `${at ? `#EXT-X-PROGRAM-DATE-TIME:${at}\n` : ''}#EXTINF:6.0,\nseg_${n}.ts\n`;
  writeFileSync(
    join(dir, 'index.m3u8'),
    `#EXTM3U\n#EXT-X-TARGETDURATION:6\n${seg(1, '2026-11-25T10:00:00.000+0000')}${seg(2)}` +
      `#EXT-X-DISCONTINUITY\n${seg(3, '2026-11-25T10:14:12.000+0000')}${seg(4)}`,
  );
  for (const n of [1, 2, 3, 4]) writeFileSync(join(dir, `seg_${n}.ts`), Buffer.alloc(188));
}, 180_000);
afterAll(() => ctx.close());

const clip = (from: string, to: string) =>
  op(ctx.app, 'clips.create', {
    token: ctx.owner.token,
    body: { outputId: player, from: `2026-11-25T${from}Z`, to: `2026-11-25T${to}Z`, mode: 'fast' },
  });

describe(`gaps in the DVR window (${testDbEngine()})`, () => {
  it('names the stretches the stream was off', async () => {
    const dvr = await op(ctx.app, 'clips.dvr', { token: ctx.owner.token, params: { id: player } });
    expect(dvr.body).toMatchObject({
      windowStart: '2026-11-25T10:00:00.000Z',
      windowEnd: '2026-11-25T10:14:24.000Z',
      gaps: [{ start: '2026-11-25T10:00:12.000Z', end: '2026-11-25T10:14:12.000Z' }],
    });
  });

  it('refuses a range inside a gap, or starting or ending in one, naming the field and the gap', async () => {
    const inside = expectError(await clip('10:05:00', '10:10:00'), 422, 'CLIP_RANGE_UNAVAILABLE', 'from');
    expect(inside.message).toMatch(/inside a gap: the stream was off from 2026-11-25T10:00:12.000Z/);
    expect(inside.details).toContainEqual({
      field: 'gap',
      message: '2026-11-25T10:00:12.000Z/2026-11-25T10:14:12.000Z',
    });
    expectError(await clip('10:13:00', '10:14:20'), 422, 'CLIP_RANGE_UNAVAILABLE', 'from');
    const end = expectError(await clip('10:00:03', '10:01:00'), 422, 'CLIP_RANGE_UNAVAILABLE', 'to');
    expect(end.message).toMatch(/end lies in a gap/);
    // Across the gap is a clip with a jump: allowed.
    const across = await clip('10:00:03', '10:14:15');
    expect(across.status, JSON.stringify(across.body)).toBe(202);
  });
});
