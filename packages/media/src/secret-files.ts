/**
 * Where the secret preset files of ./secret-pipes live while their ffmpeg starts: one directory per server
 * process, on tmpfs (/dev/shm) where there is one so a secret never reaches a disk, readable by this
 * user only (0700, files 0600). A file is removed as soon as its process has parsed its options (its
 * first output on stdout) or has exited; the directory goes with the server process, and a server that
 * was killed -9 has its directory removed by the next start (its name carries the dead process's pid).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'stromwerk-secrets-';
let dir: string | undefined;

function base(): string {
  try {
    if (existsSync('/dev/shm') && statSync('/dev/shm').isDirectory()) return '/dev/shm';
  } catch {
    // not there: the system's temporary directory
  }
  return tmpdir();
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function ownDir(): string {
  if (dir) return dir;
  const root = base();
  // Directories of our own earlier processes that died without cleaning up.
  for (const name of readdirSync(root)) {
    const pid = Number(name.slice(PREFIX.length).split('-')[0]);
    if (!name.startsWith(PREFIX) || !Number.isInteger(pid) || pid === process.pid || alive(pid)) continue;
    try {
      if (statSync(join(root, name)).uid === process.getuid?.())
        rmSync(join(root, name), { recursive: true });
    } catch {
      // another user's, or gone meanwhile
    }
  }
  const made = join(root, `${PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`);
  // A fresh name, created by us (mkdir fails if anyone made it first), mode 0700.
  mkdirSync(made, { mode: 0o700 });
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  dir = made;
  return made;
}

/** Writes a secret to a new file only this user can read; returns its path. */
export function writeSecretFile(text: string): string {
  const path = join(ownDir(), randomBytes(12).toString('hex'));
  writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
  return path;
}

export function removeSecretFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already removed
  }
}
