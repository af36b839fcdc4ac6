import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { Job } from '@stromwerk/contracts/jobs';
import type { Media } from '@stromwerk/contracts/medias';
import { activeProcesses } from '@stromwerk/media/process-registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../helpers/library';
import { makeMediaFile, waitFor } from '../helpers/media';
import { call, createTenant, createTestApp, type TestContext } from '../helpers/test-app';

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

const api = <T>(method: string, url: string, opts: { body?: object; query?: Record<string, string> } = {}) =>
  call<T>(ctx.app, method, url, { token: ctx.owner.token, ...opts });
const job = async (id: string) => (await api<Job>('GET', `/v1/jobs/${id}`)).body;
const renders = () =>
  api<{ total: number }>('GET', '/v1/medias/by-origin/render', { query: { originId: long.id } });
const mediaTree = () => readdirSync(join(ctx.dataDir, 'media'), { recursive: true }).map(String);

describe('jobs', () => {
  it('reports progress and time left, and a cancel mid-render stops ffmpeg and leaves no file', async () => {
    await waitFor(
      'thumbnail',
      async () => (await api<Media>('GET', `/v1/medias/${long.id}`)).body.status === 'ready',
      30_000,
    );
    const started = await api<Job>('PUT', `/v1/medias/${long.id}/render-mp4`);
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

    const cancelled = await api<Job>('PUT', `/v1/jobs/${running.id}/cancel`);
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
    expect((await api('PUT', `/v1/jobs/${running.id}/cancel`)).status).toBe(409);
  });

  it('queues jobs through the API, changes only queued ones, deletes only ended ones', async () => {
    const created = await api<Job>('POST', '/v1/jobs', { body: { type: 'thumbnail', mediaId: long.id } });
    expect(created.status).toBe(201);
    const first = created.body;
    expect((await api('DELETE', `/v1/jobs/${first.id}`)).status).toBe(409);
    const done = await waitFor(
      'thumbnail job done',
      async () => ((await job(first.id)).state === 'done' ? true : undefined),
      30_000,
    );
    expect(done).toBe(true);
    expect((await api('PUT', `/v1/jobs/${first.id}`, { query: { priority: '5' } })).status).toBe(409);
    const list = await api<{ items: Job[] }>('GET', `/v1/workspaces/${ctx.owner.workspaceId}/jobs`);
    expect(list.body.items.map((j) => j.id)).toContain(first.id);
    const filtered = await api<{ items: Job[] }>('GET', '/v1/jobs', { query: { state: 'cancelled' } });
    expect(filtered.body.items.every((j) => j.state === 'cancelled')).toBe(true);
    expect((await api('DELETE', `/v1/jobs/${first.id}`)).status).toBe(204);
    expect((await api('GET', `/v1/jobs/${first.id}`)).status).toBe(404);
  });

  it('names the field of bad job input', async () => {
    const bad = await api<{ details: { field: string }[] }>('POST', '/v1/jobs', {
      body: { type: 'explode', mediaId: long.id },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]!.field).toContain('type');
    const missing = await api<{ details: { field: string }[] }>('POST', '/v1/jobs', {
      body: { type: 'thumbnail', mediaId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0]!.field).toBe('mediaId');
    expect((await api('GET', '/v1/jobs', { query: { state: 'sleeping' } })).status).toBe(400);
  });

  it('hides jobs from another corporation', async () => {
    const list = await api<{ items: Job[] }>('GET', '/v1/jobs');
    const id = list.body.items[0]!.id;
    const stranger = await createTenant(ctx, 'Stranger Jobs Corp');
    for (const [method, url] of [
      ['GET', `/v1/jobs/${id}`],
      ['PUT', `/v1/jobs/${id}/cancel`],
      ['PUT', `/v1/jobs/${id}?priority=1`],
      ['DELETE', `/v1/jobs/${id}`],
      ['GET', `/v1/workspaces/${ctx.owner.workspaceId}/jobs`],
      ['GET', `/v1/corporations/${ctx.owner.corporationId}/jobs`],
    ] as const) {
      const res = await call(ctx.app, method, url, { token: stranger.user.token });
      expect([method, url, res.status]).toEqual([method, url, 404]);
    }
    expect((await call(ctx.app, 'GET', '/v1/jobs', { token: stranger.user.token })).body).toMatchObject({
      total: 0,
    });
    const foreign = await call(ctx.app, 'POST', '/v1/jobs', {
      token: stranger.user.token,
      body: { type: 'thumbnail', mediaId: long.id },
    });
    expect(foreign.status).toBe(400);
    expect((await call(ctx.app, 'GET', '/v1/jobs')).status).toBe(401);
  });

  it('an upload cut off half-way over a real connection leaves no row and no file', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = {
      files: mediaTree(),
      total: (await api<{ total: number }>('GET', '/v1/medias')).body.total,
    };
    const boundary = '----cutoff';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.mkv"\r\nContent-Type: video/x-matroska\r\n\r\n`;
    const chunk = readFileSync(join(ctx.dataDir, 'long.mkv')).subarray(0, 4 * 1024 * 1024);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /v1/medias/upload?workspaceId=${ctx.owner.workspaceId} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
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
    expect((await api<{ total: number }>('GET', '/v1/medias')).body.total).toBe(before.total);
  });
});
