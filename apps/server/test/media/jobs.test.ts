import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { Media } from '@stromwerk/contracts/medias';
import { activeProcesses } from '@stromwerk/media/process-registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../helpers/library';
import { makeMediaFile, waitFor } from '../helpers/media';
import { op, routeOf } from '../helpers/route-call';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let long: Media;
beforeAll(async () => {
  ctx = await createTestApp();
  // Long and large enough that an H.264 render takes several seconds on two cores.
  const file = await makeMediaFile(join(ctx.dataDir, 'long.mkv'), { seconds: 40, size: '1280x720' });
  const res = await uploadFile(ctx, file);
  long = res.body.items[0]!;
}, 120_000);
afterAll(() => ctx.close());

const as = () => ({ token: ctx.owner.token });
const job = async (id: string) => (await op(ctx.app, 'jobs.get', { ...as(), params: { id } })).body;
const renders = () =>
  op(ctx.app, 'medias.byOrigin', { ...as(), params: { origin: 'render' }, query: { originId: long.id } });
const mediaTree = () => readdirSync(join(ctx.dataDir, 'media'), { recursive: true }).map(String);

describe('jobs', () => {
  it('reports progress and time left, and a cancel mid-render stops ffmpeg and leaves no file', async () => {
    await waitFor(
      'thumbnail',
      async () =>
        (await op(ctx.app, 'medias.get', { ...as(), params: { id: long.id } })).body.status === 'ready',
      30_000,
    );
    const started = await op(ctx.app, 'medias.renderMp4', { ...as(), params: { id: long.id } });
    const running = await waitFor(
      'render progress',
      async () => {
        const j = await job(started.body.id);
        return j.state === 'running' && j.progress > 0 && j.etaSeconds !== null ? j : undefined;
      },
      30_000,
    );
    expect(running.progress).toBeLessThan(100);
    expect(activeProcesses().some((p) => p.label === `job ${running.id}`)).toBe(true);

    const cancelled = await op(ctx.app, 'jobs.cancel', { ...as(), params: { id: running.id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    expect(cancelled.body.cancelledAt).not.toBeNull();
    await waitFor(
      'ffmpeg gone',
      async () => !activeProcesses().some((p) => p.label === `job ${running.id}`),
      5000,
    );
    await waitFor(
      'scratch folder gone',
      async () => !existsSync(join(ctx.dataDir, 'tmp', 'jobs', running.id)),
      5000,
    );
    expect((await renders()).body.total).toBe(0);
    expect((await job(running.id)).state).toBe('cancelled');
    expect((await op(ctx.app, 'jobs.cancel', { ...as(), params: { id: running.id } })).status).toBe(409);
  });

  it('queues jobs through the API, changes only queued ones, deletes only ended ones', async () => {
    const created = await op(ctx.app, 'jobs.create', {
      ...as(),
      body: { type: 'thumbnail', mediaId: long.id },
    });
    expect(created.status).toBe(201);
    const first = created.body;
    const params = { id: first.id };
    expect((await op(ctx.app, 'jobs.remove', { ...as(), params })).status).toBe(409);
    const done = await waitFor(
      'thumbnail job done',
      async () => ((await job(first.id)).state === 'done' ? true : undefined),
      30_000,
    );
    expect(done).toBe(true);
    expect((await op(ctx.app, 'jobs.update', { ...as(), params, query: { priority: '5' } })).status).toBe(
      409,
    );
    const list = await op(ctx.app, 'jobs.listInWorkspace', {
      ...as(),
      params: { id: ctx.owner.workspaceId },
    });
    expect(list.body.items.map((j) => j.id)).toContain(first.id);
    const filtered = await op(ctx.app, 'jobs.list', { ...as(), query: { state: 'cancelled' } });
    expect(filtered.body.items.every((j) => j.state === 'cancelled')).toBe(true);
    expect((await op(ctx.app, 'jobs.remove', { ...as(), params })).status).toBe(204);
    expect((await op(ctx.app, 'jobs.get', { ...as(), params })).status).toBe(404);
  });

  it('names the field of bad job input', async () => {
    const bad = await op(ctx.app, 'jobs.create', {
      ...as(),
      body: { type: 'explode', mediaId: long.id } as never,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details![0]!.field).toContain('type');
    const missing = await op(ctx.app, 'jobs.create', {
      ...as(),
      body: { type: 'thumbnail', mediaId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details![0]!.field).toBe('mediaId');
    expect((await op(ctx.app, 'jobs.list', { ...as(), query: { state: 'sleeping' } } as never)).status).toBe(
      400,
    );
  });

  it('hides jobs from another corporation', async () => {
    const list = await op(ctx.app, 'jobs.list', as());
    const id = list.body.items[0]!.id;
    const stranger = await createTenant(ctx, 'Stranger Jobs Corp');
    const theirs = { token: stranger.user.token };
    for (const [operation, params, query] of [
      ['jobs.get', { id }],
      ['jobs.cancel', { id }],
      ['jobs.update', { id }, { priority: '1' }],
      ['jobs.remove', { id }],
      ['jobs.listInWorkspace', { id: ctx.owner.workspaceId }],
      ['jobs.listInCorporation', { id: ctx.owner.corporationId }],
    ] as const) {
      // The operation is chosen per row, so the input is not held to one operation's type.
      const res = await op(ctx.app, operation, { ...theirs, params, query } as never);
      expect([operation, params, res.status]).toEqual([operation, params, 404]);
    }
    expect((await op(ctx.app, 'jobs.list', theirs)).body).toMatchObject({ total: 0 });
    const foreign = await op(ctx.app, 'jobs.create', {
      ...theirs,
      body: { type: 'thumbnail', mediaId: long.id },
    });
    expect(foreign.status).toBe(400);
    expect((await op(ctx.app, 'jobs.list', {})).status).toBe(401);
  });

  it('an upload cut off half-way over a real connection leaves no row and no file', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = {
      files: mediaTree(),
      total: (await op(ctx.app, 'medias.list', as())).body.total,
    };
    const boundary = '----cutoff';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.mkv"\r\nContent-Type: video/x-matroska\r\n\r\n`;
    const chunk = readFileSync(join(ctx.dataDir, 'long.mkv')).subarray(0, 4 * 1024 * 1024);
    // A raw socket, to cut the upload off half-way: only the route comes from the table.
    const upload = routeOf('medias.upload');
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `${upload.method} ${upload.url}?workspaceId=${ctx.owner.workspaceId} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `Authorization: Bearer ${ctx.owner.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
            `Content-Length: ${head.length + 50 * 1024 * 1024}\r\n\r\n${head}`,
        );
        socket.write(chunk, () =>
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 300),
        );
      });
    });
    await waitFor('upload clean-up', async () => mediaTree().every((f) => !f.includes('.part')), 5000);
    expect(mediaTree().sort()).toEqual(before.files.sort());
    expect((await op(ctx.app, 'medias.list', as())).body.total).toBe(before.total);
  });
});
