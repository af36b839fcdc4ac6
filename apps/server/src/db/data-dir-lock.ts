import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { ConfigError } from '../plugins/config';

/**
 * Who holds an embedded database: the process, when it started (clock ticks since boot, so a process id
 * reused later is told apart) and in which boot.
 */
interface Holder {
  pid: number;
  started: string | null;
  boot: string | null;
}

const readOr = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** /proc/<pid>/stat's fields after the command name (which may hold spaces and parentheses). */
const statOf = (pid: number) => readOr(`/proc/${pid}/stat`)?.split(') ').at(-1)?.split(' ');
/** Field 22: when the process started. */
const startTicks = (pid: number) => statOf(pid)?.[19] ?? null;
const bootId = () => readOr('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

const me = (): Holder => ({ pid: process.pid, started: startTicks(process.pid), boot: bootId() });

function running(h: Holder): boolean {
  if (h.boot && bootId() && h.boot !== bootId()) return false;
  try {
    process.kill(h.pid, 0);
  } catch (err) {
    // EPERM: a process of another user has that id, so it is running.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = statOf(h.pid);
  // Killed but not yet reaped by its parent (a zombie) holds no files any more.
  if (stat?.[0] === 'Z' || stat?.[0] === 'X') return false;
  const started = stat?.[19] ?? null;
  return !h.started || !started || started === h.started;
}

function parse(text: string | null): Holder | null {
  try {
    const h = JSON.parse(text ?? '') as Holder;
    return Number.isInteger(h.pid) ? h : null;
  } catch {
    return null;
  }
}

/**
 * An embedded database directory is opened by one process at a time. PGlite has no lock of its own: a
 * second `npm start` on the same DATA_DIR opened the files beside the running server and, when it then
 * failed to listen on the taken port, left a database the next start could not open ("Aborted()": every
 * source, player and media record gone). The lock is a file next to the database naming its holder; a
 * holder that is not running any more (killed with -9, a reboot) is taken over at once, so a restart does
 * not wait. Answers the release.
 */
export function lockDataDir(dir: string): () => void {
  const path = `${dir}.lock`;
  const mine = JSON.stringify(me());
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, mine);
      closeSync(fd);
      return release(path, mine);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = parse(readOr(path));
    if (holder && running(holder)) {
      throw new ConfigError(
        `The database in ${dir} is in use by another Stromwerk process (pid ${holder.pid}): stop it first, or give this one its own DATA_DIR`,
      );
    }
    // A holder that is gone (or a file cut short by a crash while it was written): take it over in one
    // step, then read it back, so of two starts taking over at once only one goes on.
    const next = `${path}.${process.pid}`;
    writeFileSync(next, mine, { mode: 0o600 });
    renameSync(next, path);
    if (readOr(path) === mine) return release(path, mine);
  }
  throw new ConfigError(`The database in ${dir} could not be locked for this process (${path})`);
}

function release(path: string, mine: string): () => void {
  let released = false;
  const drop = () => {
    if (released) return;
    released = true;
    if (readOr(path) === mine) unlinkSync(path);
  };
  process.once('exit', drop);
  return () => {
    process.off('exit', drop);
    drop();
  };
}
