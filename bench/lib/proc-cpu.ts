import { readdirSync, readFileSync } from 'node:fs';

const HZ = 100; // USER_HZ on Linux

/** CPU seconds a process has used (user + system), read from /proc. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / HZ;
  } catch {
    return 0;
  }
}

/** Busy and total jiffies of the whole machine, for a machine-wide CPU share. */
export function machineJiffies(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** Measures the CPU share (% of one core) of some pids and of the machine (% of all cores) over a window. */
export async function measure(pids: () => number[], ms: number) {
  const watched = pids();
  const before = new Map(watched.map((p) => [p, processCpuSeconds(p)]));
  const m0 = machineJiffies();
  const t0 = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, ms));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const m1 = machineJiffies();
  const perPid = watched.map((p) => ((processCpuSeconds(p) - (before.get(p) ?? 0)) / seconds) * 100);
  return { perPid, machinePct: ((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * 100 };
}

/** Every process's CPU seconds and command line now. */
function allProcesses(): Map<number, { cpu: number; args: string }> {
  const found = new Map<number, { cpu: number; args: string }>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.set(pid, { cpu: processCpuSeconds(pid), args });
    } catch {
      // gone between the listing and the read
    }
  }
  return found;
}

/**
 * Where the CPU goes over a window, by role: `classify` names a process's role from its pid and command
 * line (undefined: not counted). Returns % of one core per role, processes that lived through the window.
 */
export function cpuByRole(classify: (pid: number, args: string) => string | undefined) {
  const before = allProcesses();
  const t0 = process.hrtime.bigint();
  return () => {
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const roles: Record<string, { processes: number; pct: number }> = {};
    for (const [pid, now] of allProcesses()) {
      const then = before.get(pid);
      const role = then && classify(pid, now.args);
      if (!then || !role) continue;
      roles[role] ??= { processes: 0, pct: 0 };
      const r = roles[role];
      r.processes++;
      r.pct += ((now.cpu - then.cpu) / seconds) * 100;
    }
    for (const r of Object.values(roles)) r.pct = Math.round(r.pct);
    return roles;
  };
}
