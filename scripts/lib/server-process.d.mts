import type { ChildProcess } from 'node:child_process';

export function serverEnv(
  port: number,
  dataDir: string,
  extra?: Record<string, string>,
): Promise<Record<string, string | undefined>>;
export function startServerProcess(
  command: string[],
  options: {
    cwd: string;
    env: Record<string, string | undefined>;
    timeoutMs?: number;
    pollMs?: number;
    detached?: boolean;
    /** Also wait until the start-up work after listening is done (default true). */
    untilStarted?: boolean;
  },
): Promise<{ child: ChildProcess; ms: number; output: () => string }>;
