/**
 * Media processes must not outlive a server that was killed outright (SIGKILL, OOM killer, power cut of
 * the Node process only): a left-over HLS writer or relay would run next to the one the restarted server
 * starts, two writers feeding one playlist. Two measures, both Linux-only and harmless elsewhere:
 *
 * 1. `setpriv --pdeathsig KILL -- <command>` (util-linux) asks the kernel to SIGKILL the child when the
 *    server dies. Used when setpriv is installed and the command exists (a missing command must still
 *    fail with ENOENT, not as a setpriv error).
 * 2. Every child carries STROMWERK_MEDIA_OWNER=<owner> (the absolute DATA_DIR) in its environment.
 *    At start, before anything is spawned, `sweepOrphans(owner)` kills every process that carries it and
 *    is not a child of this process: whatever the first measure missed.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export const MARKER_ENV = 'STROMWERK_MEDIA_OWNER';

let owner: string | null = null;
let setpriv: string | null | undefined;
const found = new Map<string, boolean>();

/** The marker children get from now on; null stops marking. */
export function setProcessOwner(value: string | null): void {
  owner = value;
}

export const markerEnv = (): Record<string, string> => (owner ? { [MARKER_ENV]: owner } : {});

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `command` names an executable file, directly or on PATH. */
function exists(command: string): boolean {
  let known = found.get(command);
  if (known === undefined) {
    known = command.includes('/')
      ? executable(command)
      : (process.env.PATH ?? '').split(delimiter).some((dir) => dir && executable(join(dir, command)));
    found.set(command, known);
  }
  return known;
}

/** The prefix that ties a child's life to ours: `setpriv --pdeathsig KILL --`, or nothing. */
export function deathWrapper(command: string): string[] {
  if (process.platform !== 'linux') return [];
  if (setpriv === undefined) {
    const probe = spawnSync('setpriv', ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore' });
    setpriv = probe.status === 0 ? 'setpriv' : null;
  }
  if (!setpriv || !exists(command)) return [];
  return [setpriv, '--pdeathsig', 'KILL', '--'];
}

/** Pids of processes marked with `value` that are not our own children (those we still manage). */
export async function findOrphans(value: string): Promise<number[]> {
  const needle = `${MARKER_ENV}=${value}\0`;
  const pids: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const environ = await readFile(`/proc/${pid}/environ`, 'latin1').catch(() => '');
    if (!`${environ}\0`.includes(needle)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'latin1').catch(() => '');
    // Field 4 (after the command in parentheses) is the parent pid.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid !== process.pid) pids.push(pid);
  }
  return pids;
}

/** Still running: exists and is not a zombie waiting for its new parent to reap it. */
async function running(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'latin1').catch(() => '');
  return stat !== '' && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/** SIGKILLs every orphan marked with `value` (and its process group); resolves once they are gone. */
export async function sweepOrphans(value: string, waitMs = 3000): Promise<number[]> {
  const pids = await findOrphans(value);
  for (const pid of pids) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // not a group leader, or gone already
      }
    }
  }
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    const states = await Promise.all(pids.map(running));
    if (!states.some(Boolean)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return pids;
}
