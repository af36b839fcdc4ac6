/**
 * When the user last looked at their notifications, per user and browser (localStorage), for the unread
 * badge: a notification is unread when it is newer than that. The mark is the newest notification's own
 * `createdAt` (server time) rather than the browser's clock, so a skewed clock neither hides nor repeats
 * notifications. Other tabs follow through the `storage` event.
 */
import { useCallback, useSyncExternalStore } from 'react';

const PREFIX = 'stromwerk-notifications-seen:';
const listeners = new Set<() => void>();

export const notificationsSeenKey = (userId: string) => `${PREFIX}${userId}`;

function read(userId: string): number {
  try {
    const value = Number(localStorage.getItem(notificationsSeenKey(userId)));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith(PREFIX)) emit();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Moves the mark forward to `time` (ms since epoch); it never moves back. */
export function markNotificationsSeen(userId: string, time: number) {
  if (!(time > read(userId))) return;
  try {
    localStorage.setItem(notificationsSeenKey(userId), String(time));
  } catch {
    // Private mode without storage: the badge then counts everything.
  }
  emit();
}

/** The mark (0: never opened) and a setter; `userId` undefined while logged out. */
export function useNotificationsSeen(userId: string | undefined) {
  const seen = useSyncExternalStore(
    subscribe,
    () => (userId ? read(userId) : 0),
    () => 0,
  );
  const mark = useCallback((time: number) => userId && markNotificationsSeen(userId, time), [userId]);
  return [seen, mark] as const;
}

/** How many of `items` are newer than the mark. */
export function countUnread(items: readonly { createdAt: Date | string }[], seen: number): number {
  return items.filter((item) => new Date(item.createdAt).getTime() > seen).length;
}

/** The newest `createdAt` of `items` in ms (0 when empty). */
export function newestTime(items: readonly { createdAt: Date | string }[]): number {
  return items.reduce((max, item) => Math.max(max, new Date(item.createdAt).getTime() || 0), 0);
}
