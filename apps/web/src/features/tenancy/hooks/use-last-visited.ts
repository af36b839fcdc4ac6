import { useCallback, useSyncExternalStore } from 'react';

/** Most recent first; stored per browser and user so two accounts on one machine stay apart. */
const MAX_ENTRIES = 8;
const keyFor = (userId: string) => `stromwerk-last-workspaces:${userId}`;
const listeners = new Set<() => void>();
const cache = new Map<string, string>();

export interface VisitedWorkspace {
  corporationId: string;
  workspaceId: string;
}

function readRaw(userId: string): string {
  try {
    return localStorage.getItem(keyFor(userId)) ?? '[]';
  } catch {
    return cache.get(userId) ?? '[]';
  }
}

function parse(raw: string): VisitedWorkspace[] {
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is VisitedWorkspace =>
        typeof entry?.corporationId === 'string' && typeof entry?.workspaceId === 'string',
    );
  } catch {
    return [];
  }
}

export function recordVisit(userId: string, visit: VisitedWorkspace) {
  const rest = parse(readRaw(userId)).filter((entry) => entry.workspaceId !== visit.workspaceId);
  const raw = JSON.stringify([visit, ...rest].slice(0, MAX_ENTRIES));
  cache.set(userId, raw);
  try {
    localStorage.setItem(keyFor(userId), raw);
  } catch {
    // Kept in memory for this visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The raw string is the snapshot (stable between changes); parsing happens per render. */
export function useLastVisited(userId: string | undefined): VisitedWorkspace[] {
  const getSnapshot = useCallback(() => (userId ? readRaw(userId) : '[]'), [userId]);
  return parse(useSyncExternalStore(subscribe, getSnapshot, getSnapshot));
}
