/**
 * Blocking requests of Low-Latency HLS (RFC 8216bis 6.2.5.2 and 6.2.6): a playlist request for a
 * segment or part that is not written yet, and a request for the part announced by the preload hint,
 * are held until it is there. They wait on the files themselves (one stat per folder every POLL_MS while
 * anyone waits there), so every process sharing the folder answers them, not only the one writing it.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type PlaylistEdge, playlistEdge, playlistHas } from '@stromwerk/media/ll-hls-playlist';

const POLL_MS = 30;

interface Waiter {
  ready(text: string, edge: PlaylistEdge): boolean;
  resolve(text: string | null): void;
  timer: NodeJS.Timeout;
}

interface Folder {
  waiters: Set<Waiter>;
  /** Files waited for (parts), by name. */
  files: Map<string, Set<() => void>>;
  poll: NodeJS.Timeout;
  mtime: number;
  busy: boolean;
}

export class PlaylistWaits {
  readonly #folders = new Map<string, Folder>();

  /**
   * The playlist text once it holds segment `msn` (part `part` of it when given), or the playlist as it
   * is after `timeoutMs`; null when there is no playlist.
   */
  playlist(dir: string, msn: number, part: number | undefined, timeoutMs: number): Promise<string | null> {
    return new Promise((resolve) => {
      const folder = this.#folder(dir);
      const waiter: Waiter = {
        ready: (_text, edge) => playlistHas(edge, msn, part),
        resolve,
        timer: setTimeout(async () => {
          this.#leave(dir, waiter);
          resolve(await readFile(join(dir, 'index.m3u8'), 'utf8').catch(() => null));
        }, timeoutMs),
      };
      folder.waiters.add(waiter);
      void this.#check(dir, folder, true);
    });
  }

  /** Resolves true once `name` exists in `dir`, false after `timeoutMs`. */
  file(dir: string, name: string, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const folder = this.#folder(dir);
      const done = (found: boolean) => {
        clearTimeout(timer);
        folder.files.get(name)?.delete(wake);
        if (folder.files.get(name)?.size === 0) folder.files.delete(name);
        this.#maybeClose(dir, folder);
        resolve(found);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      const set = folder.files.get(name) ?? new Set();
      set.add(wake);
      folder.files.set(name, set);
    });
  }

  #folder(dir: string): Folder {
    let folder = this.#folders.get(dir);
    if (!folder) {
      const created: Folder = {
        waiters: new Set(),
        files: new Map(),
        mtime: 0,
        busy: false,
        poll: setInterval(() => void this.#check(dir, created, false), POLL_MS),
      };
      created.poll.unref();
      folder = created;
      this.#folders.set(dir, folder);
    }
    return folder;
  }

  async #check(dir: string, folder: Folder, force: boolean) {
    if (folder.busy) return;
    folder.busy = true;
    try {
      for (const [name, wakers] of folder.files)
        if (await exists(join(dir, name))) for (const wake of [...wakers]) wake();
      if (folder.waiters.size === 0) return;
      const mtime = await stat(join(dir, 'index.m3u8')).then(
        (s) => s.mtimeMs,
        () => 0,
      );
      if (!force && mtime === folder.mtime) return;
      folder.mtime = mtime;
      const text = await readFile(join(dir, 'index.m3u8'), 'utf8').catch(() => null);
      if (text === null) return;
      const edge = playlistEdge(text);
      for (const waiter of [...folder.waiters])
        if (waiter.ready(text, edge)) {
          clearTimeout(waiter.timer);
          this.#leave(dir, waiter);
          waiter.resolve(text);
        }
    } finally {
      folder.busy = false;
    }
  }

  #leave(dir: string, waiter: Waiter) {
    const folder = this.#folders.get(dir);
    if (!folder) return;
    folder.waiters.delete(waiter);
    this.#maybeClose(dir, folder);
  }

  #maybeClose(dir: string, folder: Folder) {
    if (folder.waiters.size > 0 || folder.files.size > 0) return;
    clearInterval(folder.poll);
    if (this.#folders.get(dir) === folder) this.#folders.delete(dir);
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
