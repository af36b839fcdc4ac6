/**
 * Registry of every child process this package spawns, so the server can list them and kill them all
 * on shutdown. Children run in their own process group (detached) so that a kill also reaches anything
 * a wrapper command started; the price is that a terminal's Ctrl-C no longer reaches them directly,
 * which is why the server must call killAll() on SIGINT/SIGTERM (and why an 'exit' hook SIGKILLs the
 * rest as a last resort).
 *
 * A server killed with SIGKILL runs no hook at all. For that case (see ./orphans): on Linux children
 * are started through `setpriv --pdeathsig KILL` so the kernel kills them with their parent, and each
 * carries a marker in its environment so that the next start can find and kill any that survived.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { deathWrapper, markerEnv } from './orphans';
import { removeSecretFile, writeSecretFile } from './secret-files';
import { SECRET_FD_BASE, withSecretFiles } from './secret-pipes';
import { redactArgs } from './stderr-summary';

export interface ActiveProcess {
  pid: number;
  command: string;
  /** Arguments with passwords, passphrases and stream keys masked. */
  args: string[];
  label: string | null;
  startedAt: Date;
}

/** Something that owns processes and may start new ones later (a supervisor waiting to retry). */
export interface ProcessOwner {
  stop(): Promise<void>;
}

const children = new Map<number, { info: ActiveProcess; child: ChildProcess }>();
const owners = new Set<ProcessOwner>();
let exitHookInstalled = false;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers must be synchronous; process.kill is, so no child outlives a process.exit().
  process.once('exit', () => {
    for (const { child } of children.values()) signalGroup(child, 'SIGKILL');
  });
}

/** Spawns with stdout/stderr piped and stdin closed (or piped), and tracks the child until it exits. */
export function spawnTracked(
  command: string,
  args: readonly string[],
  label: string | null,
  stdin: 'ignore' | 'pipe' = 'ignore',
  /**
   * Pipes for media outputs from fd 3 on, beside stdout's `-progress`: `true` is one (fd 3), a number that
   * many (fd 3, 4, …: a quality ladder's rungs in low latency; then no secrets, which also start at fd 4).
   */
  extraOutput: boolean | number = false,
  /** Texts written to fd 4, 5, … and closed: secrets the arguments name (see ./secret-pipes). */
  secrets: readonly string[] = [],
  /** Texts of private files the arguments name by placeholder, removed once read (./secret-files). */
  secretFiles: readonly string[] = [],
): ChildProcess {
  installExitHook();
  const files = secretFiles.map(writeSecretFile);
  const removeFiles = () => files.forEach(removeSecretFile);
  const [bin, ...argv] = [...deathWrapper(command), command, ...withSecretFiles(args, files)];
  const stdio: ('ignore' | 'pipe')[] = [stdin, 'pipe', 'pipe'];
  const outputs = extraOutput === true ? 1 : extraOutput === false ? 0 : extraOutput;
  if (outputs > 1 && secrets.length > 0) throw new RangeError('Several media outputs take the secrets’ fds');
  for (let i = 0; i < outputs; i++) stdio.push('pipe');
  if (outputs === 0 && secrets.length > 0) stdio.push('ignore');
  for (const _ of secrets) stdio.push('pipe');
  const child = spawn(bin!, argv, { stdio, detached: true, env: { ...process.env, ...markerEnv() } });
  if (files.length > 0) {
    // ffmpeg has parsed every option (and read its presets) before it writes anything to stdout.
    child.stdout?.once('data', removeFiles);
    child.once('exit', removeFiles);
    child.once('error', removeFiles);
  }
  secrets.forEach((text, i) => {
    const pipe = child.stdio[SECRET_FD_BASE + i] as Writable | null;
    // A child that exits before reading (a bad argument) must not crash the server with EPIPE.
    pipe?.on('error', () => undefined);
    pipe?.end(text);
  });
  const pid = child.pid;
  if (pid !== undefined) {
    children.set(pid, {
      child,
      info: { pid, command, args: redactArgs(args), label, startedAt: new Date() },
    });
    child.once('exit', () => {
      children.delete(pid);
      // Sweep anything the child left in its group (a wrapper's own children); ESRCH when none.
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // nothing left
      }
    });
  }
  return child;
}

/**
 * SIGTERM, then SIGKILL once graceMs passes: ffmpeg finishes its output on SIGTERM, but one blocked in
 * a network read ignores it. graceMs 0 kills at once. Resolves when the child has exited.
 */
export function terminateChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.pid === undefined || hasExited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = graceMs > 0 ? setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs) : undefined;
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    signalGroup(child, graceMs > 0 ? 'SIGTERM' : 'SIGKILL');
  });
}

export function registerOwner(owner: ProcessOwner): void {
  owners.add(owner);
}

export function unregisterOwner(owner: ProcessOwner): void {
  owners.delete(owner);
}

/** Live children, oldest first. */
export function activeProcesses(): ActiveProcess[] {
  return [...children.values()].map((e) => ({ ...e.info, args: [...e.info.args] }));
}

/** Stops every supervisor (so none restarts) and terminates every child; for server shutdown. */
export async function killAll(graceMs = 3000): Promise<void> {
  await Promise.all([
    ...[...owners].map((o) => o.stop()),
    ...[...children.values()].map(({ child }) => terminateChild(child, graceMs)),
  ]);
}
