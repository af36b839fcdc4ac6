import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Scratch space of one job under DATA_DIR/tmp/jobs/<id>; removed whenever the job ends or is retried. */
export const jobDir = (dataDir: string, jobId: string) => join(resolve(dataDir), 'tmp', 'jobs', jobId);

export async function freshJobDir(dataDir: string, jobId: string) {
  const dir = jobDir(dataDir, jobId);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

export const removeJobDir = (dataDir: string, jobId: string) =>
  rm(jobDir(dataDir, jobId), { recursive: true, force: true });

/** Seconds left from the fraction done so far and the time it took. */
export function etaSeconds(fraction: number, startedAt: number, now = Date.now()): number | null {
  if (fraction <= 0.01) return null;
  return ((now - startedAt) / 1000) * ((1 - fraction) / fraction);
}

/**
 * ffmpeg processes of a job whose server was killed keep running (nothing tells them their parent is
 * gone). Every job process writes into its scratch folder, so its command line names it: on Linux, find
 * them in /proc and kill them before the job is retried. Elsewhere this finds nothing.
 */
export async function killStrays(dataDir: string, jobId: string): Promise<number> {
  const marker = jobDir(dataDir, jobId);
  let killed = 0;
  const pids = await readdir('/proc').catch(() => [] as string[]);
  for (const pid of pids) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes(marker)) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
      killed += 1;
    } catch {
      // gone already
    }
  }
  return killed;
}
