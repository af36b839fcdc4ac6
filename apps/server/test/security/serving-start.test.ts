import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEnv, startServerProcess } from '../../../../scripts/lib/server-process.mjs';
import { exited, freePort } from '../../../../scripts/lib/test-support.mjs';
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
});
