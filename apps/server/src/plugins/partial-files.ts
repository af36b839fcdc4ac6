import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** `<key>.part-<pid>-<time>`: a write in progress (local storage writes there, then renames). */
const PART = /\.part-(\d+)-(\d+)$/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the partial files a crashed server left under `dir` (an upload or copy cut off by kill -9 or
 * power loss). A file whose writer is still running (another server process on the same DATA_DIR) is
 * kept; one carrying our own pid is from a previous life of a process that got the same pid again (a
 * container's pid 1). Returns the removed paths.
 */
export async function removePartialFiles(
  dir: string,
  options: { olderThanMs?: number } = {},
): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const removed: string[] = [];
  for (const entry of entries) {
    const match = entry.isFile() ? PART.exec(entry.name) : null;
    const pid = match?.[1];
    if (!pid) continue;
    if (options.olderThanMs !== undefined) {
      // A shared volume: the writer may be on another machine, only the age tells.
      if (Date.now() - Number(match[2]) < options.olderThanMs) continue;
    } else if (Number(pid) !== process.pid && alive(Number(pid))) continue;
    const file = join(entry.parentPath, entry.name);
    await rm(file, { force: true });
    removed.push(file);
  }
  return removed;
}
