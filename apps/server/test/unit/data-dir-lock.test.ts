import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/db/data-dir-lock';

// One process per embedded database: a second opener is refused while the holder runs; a holder that is
// gone (killed, another boot, a cut-short file) is taken over at once.
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const dbDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sw-lock-'));
  dirs.push(d);
  return join(d, 'db');
};
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

describe('lockDataDir', () => {
  it('refuses a second holder while the first holds it, and lets go on release', () => {
    const dir = dbDir();
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Stromwerk process \(pid \d+\)/);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = dbDir();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: gone, started: '1', boot: bootId() }));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock of another boot, of a reused process id, or cut short', () => {
    const dir = dbDir();
    for (const text of [
      JSON.stringify({ pid: process.ppid, started: null, boot: 'another-boot' }),
      JSON.stringify({ pid: process.ppid, started: '1', boot: bootId() }),
      '{"pid":',
    ]) {
      writeFileSync(`${dir}.lock`, text);
      lockDataDir(dir)();
    }
  });

  it('refuses while a running process of this boot holds it', () => {
    const dir = dbDir();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.ppid, started: null, boot: bootId() }));
    expect(() => lockDataDir(dir)).toThrow(/pid \d+/);
  });
});
