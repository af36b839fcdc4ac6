import { type ProbeRun, runProbe } from '@stromwerk/media/capabilities';

/**
 * ffmpeg's answers to the capability probes, asked once per test process and reused by every app it
 * boots: the five probes are facts of this machine, and each boot asking them again cost a test file
 * 5 process starts (a fork of a process holding PGlite's memory costs the parent 150-450 ms each here).
 * Only answers are kept: a time-out or a missing binary is asked again, so the runtime's own state
 * machine (media-runtime.ts) still sees what a real start sees.
 */
const answers = new Map<string, Promise<ProbeRun>>();

export function probeOnce(bin: string, args: string[], timeoutMs: number): Promise<ProbeRun> {
  const key = JSON.stringify([bin, args]);
  const known = answers.get(key);
  if (known) return known;
  const asked = runProbe(bin, args, timeoutMs);
  answers.set(key, asked);
  void asked.then((result) => {
    if (!result.ok) answers.delete(key);
  });
  return asked;
}
