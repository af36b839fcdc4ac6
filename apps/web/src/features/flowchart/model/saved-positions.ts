import type { Point } from './layout';

/**
 * Node positions the user dragged, per user and workspace, in localStorage (issue 16 allows this instead
 * of a server table): they follow the user on this browser only.
 */
const key = (userId: string, workspaceId: string) => `flowchart-positions:${userId}:${workspaceId}`;

export function loadPositions(userId: string, workspaceId: string): Map<string, Point> {
  try {
    const raw = localStorage.getItem(key(userId, workspaceId));
    const parsed = raw ? (JSON.parse(raw) as Record<string, Point>) : {};
    return new Map(Object.entries(parsed).filter(([, p]) => Number.isFinite(p?.x) && Number.isFinite(p?.y)));
  } catch {
    return new Map();
  }
}

export function savePositions(userId: string, workspaceId: string, positions: ReadonlyMap<string, Point>) {
  try {
    localStorage.setItem(key(userId, workspaceId), JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // Storage full or disabled: positions are a convenience.
  }
}

export function clearPositions(userId: string, workspaceId: string) {
  try {
    localStorage.removeItem(key(userId, workspaceId));
  } catch {}
}
