import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEnv, startServerProcess } from '../../../../scripts/lib/server-process.mjs';
import { exited, freePort, waitFor } from '../../../../scripts/lib/test-support.mjs';
import { startRunningServer } from './running-server';

/**
 * Finding 11 of issue 10: `npm start` runs the built server (no build, no TypeScript compile when the
 * builds are fresh: the security project's global setup made them), and partial upload files a crash
 * left behind are removed at start.
 */
const root = join(import.meta.dirname, '../../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'sw-serving-'));
  dirs.push(dir);
  return dir;
}

/** Partial files of a crashed writer, one of a writer still running, and a complete file. */
function debris(dataDir: string) {
  const folder = join(dataDir, 'media', 'ws-1', 'media-1');
  mkdirSync(folder, { recursive: true });
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  const files = {
    complete: join(folder, 'original.mp4'),
    crashed: join(folder, `original.mp4.part-${dead}-1700000000000`),
    ownPidEarlierLife: join(folder, `thumb.jpg.part-${process.pid}-1700000000001`),
    liveWriter: join(folder, `other.mp4.part-${process.ppid}-1700000000002`),
  };
  for (const file of Object.values(files)) writeFileSync(file, 'bytes');
  return files;
}

describe('start-up', () => {
  it('removes partial files left by a crashed writer, keeps complete files and live writes', async () => {
    const dataDir = tempDir();
    const files = debris(dataDir);
    const s = await startRunningServer({ DATA_DIR: dataDir });
    await s.close();
    expect(existsSync(files.complete)).toBe(true);
    expect(existsSync(files.liveWriter)).toBe(true);
    expect(existsSync(files.crashed)).toBe(false);
    expect(existsSync(files.ownPidEarlierLife)).toBe(false);
  });

  it('npm start runs the built server without building, and comes back after kill -9', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const env = await serverEnv(port, dataDir);
    const start = () =>
      startServerProcess([process.execPath, 'scripts/start.mjs'], { cwd: root, env, timeoutMs: 30_000 });

    const first = await start();
    const files = debris(dataDir);
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await start();
    try {
      expect(first.output() + second.output()).not.toMatch(/Building/);
      const login = await fetch(`http://127.0.0.1:${port}/login`);
      expect(login.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      // The debris of the killed server is gone; its complete files stay.
      expect(existsSync(files.crashed)).toBe(false);
      expect(existsSync(files.complete)).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  });

  it('SIGTERM on a ready server runs its shutdown and exits 0, a repeated signal included', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const env = await serverEnv(port, dataDir);
    const server = await startServerProcess([process.execPath, 'scripts/start.mjs'], {
      cwd: root,
      env,
      timeoutMs: 30_000,
    });
    // Ready means the RTMP ingest runs: its library's store used to re-raise SIGTERM and kill the process
    // in the middle of our shutdown.
    await waitFor('the server is ready', async (note) => {
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
      note(await ready.text());
      return ready.status === 200;
    });
    server.child.kill('SIGTERM');
    server.child.kill('SIGTERM');
    expect(await exited(server.child, 30_000)).toBe(0);
    // The database was closed: its lock is released (a process that died of the signal leaves it).
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  });

  it('a second start on the same DATA_DIR is refused, and the database still opens after kill -9', async () => {
    const dataDir = tempDir();
    const admin = { ADMIN_EMAIL: 'lock@example.test', ADMIN_PASSWORD: 'lock-password-1' };
    const port = await freePort();
    const env = await serverEnv(port, dataDir, admin);
    const start = () =>
      startServerProcess([process.execPath, 'scripts/start.mjs'], { cwd: root, env, timeoutMs: 30_000 });
    const login = () =>
      fetch(`http://127.0.0.1:${port}/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
      });

    const first = await start();
    // Another port, the same files: before the lock it opened the database beside the running server and
    // left it unreadable for the next start.
    const other = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: await serverEnv(await freePort(), dataDir, admin),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    other.stdout.on('data', (c) => (output += c));
    other.stderr.on('data', (c) => (output += c));
    expect(await exited(other, 30_000)).toBe(1);
    expect(output).toMatch(/in use by another Stromwerk process \(pid \d+\)/);
    expect((await login()).status).toBe(200);

    first.child.kill('SIGKILL');
    await exited(first.child);
    const again = await start();
    try {
      expect((await login()).status).toBe(200);
    } finally {
      again.child.kill('SIGTERM');
      await exited(again.child);
    }
  });
});
