/**
 * The upload queue. It lives at module level, not in a component, so uploads keep going (and stay
 * visible) while the user opens another screen and comes back. Each file is its own request with its
 * own progress and abort controller; at most MAX_PARALLEL run at once, the rest wait their turn.
 */
import { GenericError } from '@stromwerk/client/api-error';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { type UploadCall, useUploadMedia } from '../api/upload-media';

const MAX_PARALLEL = 2;
/** A finished upload shows its tick this long, then makes room; failures stay until dismissed. */
const DONE_VISIBLE_MS = 4000;

export type UploadState = 'queued' | 'uploading' | 'checking' | 'done' | 'failed';

export interface UploadEntry {
  id: string;
  workspaceId: string;
  name: string;
  size: number;
  loaded: number;
  state: UploadState;
  error?: unknown;
}

type Uploader = (call: UploadCall) => Promise<unknown>;

let entries: readonly UploadEntry[] = [];
const files = new Map<string, { file: File; upload: Uploader }>();
const controllers = new Map<string, AbortController>();
const listeners = new Set<() => void>();

function set(next: readonly UploadEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

function patch(id: string, change: Partial<UploadEntry>) {
  set(entries.map((e) => (e.id === id ? { ...e, ...change } : e)));
}

function remove(id: string) {
  controllers.get(id)?.abort();
  controllers.delete(id);
  files.delete(id);
  set(entries.filter((e) => e.id !== id));
  pump();
}

function pump() {
  const running = entries.filter((e) => e.state === 'uploading' || e.state === 'checking').length;
  const next = entries.find((e) => e.state === 'queued');
  if (!next || running >= MAX_PARALLEL) return;
  void run(next);
  pump();
}

async function run(entry: UploadEntry) {
  const source = files.get(entry.id);
  if (!source) return;
  const controller = new AbortController();
  controllers.set(entry.id, controller);
  patch(entry.id, { state: 'uploading' });
  try {
    await source.upload({
      workspaceId: entry.workspaceId,
      file: source.file,
      signal: controller.signal,
      onProgress: (loaded, total) =>
        patch(entry.id, {
          loaded: Math.min(loaded, entry.size),
          state: loaded >= total ? 'checking' : 'uploading',
        }),
    });
    patch(entry.id, { state: 'done', loaded: entry.size });
    setTimeout(() => remove(entry.id), DONE_VISIBLE_MS);
  } catch (error) {
    // A cancelled upload has already left the list.
    if (error instanceof GenericError && error.reason === 'aborted') return;
    patch(entry.id, { state: 'failed', error });
  } finally {
    controllers.delete(entry.id);
    files.delete(entry.id);
    pump();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Test hook: forget every upload (and stop the running ones). */
export function resetUploads() {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
  files.clear();
  set([]);
}

/** The uploads of one workspace, and the calls to add, cancel or dismiss them. */
export function useUploads(workspaceId: string) {
  const upload = useUploadMedia();
  const all = useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
  const list = useMemo(() => all.filter((e) => e.workspaceId === workspaceId), [all, workspaceId]);
  const add = useCallback(
    (selected: Iterable<File>) => {
      const added: UploadEntry[] = [];
      for (const file of selected) {
        const id = crypto.randomUUID();
        files.set(id, { file, upload });
        added.push({ id, workspaceId, name: file.name, size: file.size, loaded: 0, state: 'queued' });
      }
      if (added.length === 0) return;
      set([...entries, ...added]);
      pump();
    },
    [upload, workspaceId],
  );
  const active = list.some((e) => e.state !== 'done' && e.state !== 'failed');
  return { entries: list, active, add, cancel: remove, dismiss: remove };
}
