import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from '@stromwerk/contracts/jobs';
import type { Media } from '@stromwerk/contracts/medias';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEnv, startServerProcess } from '../../../../scripts/lib/server-process.mjs';
import { freePort, makeMediaFile, waitFor } from '../helpers/media';

const root = join(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'sw-jobs-restart-'));
const admin = { email: 'owner@restart.test', password: 'restart-password-1' };
let server: ChildProcess | undefined;
let base = '';
// Built by the media project's global set-up.
const command = [process.execPath, '--enable-source-maps', 'apps/server/dist/main.js'];

/**
 * The real server as built for production (`node apps/server/dist/main.js`, as `npm start` runs it) on
 * PGlite in DATA_DIR, in its own process group so that kill -9 takes its ffmpeg too. When it does not
 * come up, the error carries its output (a start that fails after a crash must say why).
 */
async function startServer(port: number, media: { rtmp: number; srt: number }) {
  const env = await serverEnv(port, dataDir, {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    RTMP_PORT: String(media.rtmp),
    SRT_PORT: String(media.srt),
  });
  const started = await startServerProcess(command, { cwd: root, env, detached: true, timeoutMs: 90_000 });
  server = started.child;
  base = `http://127.0.0.1:${port}/v1`;
}
const kill9 = () => {
  if (server?.pid) process.kill(-server.pid, 'SIGKILL');
  server = undefined;
};
afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as T;
}

describe('jobs across a crash of the server', () => {
  it('kill -9 during a render: after the restart the job is retried or failed, never left running', async () => {
    const port = await freePort();
    const media = { rtmp: await freePort(), srt: await freePort() };
    await startServer(port, media);
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
    const { items } = await api<{ items: { id: string }[] }>(token, 'GET', '/workspaces');
    const file = await makeMediaFile(join(dataDir, 'long.mkv'), { seconds: 40, size: '1280x720' });
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)]), 'long.mkv');
    const up = await fetch(`${base}/medias/upload?workspaceId=${items[0]!.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const uploaded = ((await up.json()) as { items: Media[] }).items[0]!;
    await waitFor(
      'media ready',
      async () => (await api<Media>(token, 'GET', `/medias/${uploaded.id}`)).status === 'ready',
      30_000,
    );
    const render = await api<Job>(token, 'PUT', `/medias/${uploaded.id}/render-mp4`);
    await waitFor(
      'render running',
      async () => {
        const j = await api<Job>(token, 'GET', `/jobs/${render.id}`);
        return j.state === 'running' && j.progress > 0;
      },
      30_000,
    );

    kill9();
    await startServer(port, media);
    const ended = await waitFor(
      'job ended after restart',
      async () => {
        const j = await api<Job>(token, 'GET', `/jobs/${render.id}`);
        return j.state === 'done' || j.state === 'failed' ? j : undefined;
      },
      90_000,
    );
    expect(ended.attempts).toBe(2);
    if (ended.state === 'done') {
      const result = await api<Media>(token, 'GET', `/medias/${ended.resultMediaId}`);
      expect(result.origin).toBe('render');
    } else {
      expect(ended.error).toMatch(/Interrupted|stopped/);
    }
    const renders = await api<{ total: number }>(
      token,
      'GET',
      `/medias/by-origin/render?originId=${uploaded.id}`,
    );
    expect(renders.total).toBe(ended.state === 'done' ? 1 : 0);
    // Two server starts (up to 90 s each on a busy machine), the render and up to 90 s for the retry.
  }, 330_000);
});
