/**
 * Status of the live notification connection, shown as a dot in the top bar. The MQTT client
 * (src/live) calls `setConnectionStatus`; until it exists the status stays `null` and no dot shows.
 */
import { useSyncExternalStore } from 'react';

export type ConnectionStatus = 'disconnected' | 'loading' | 'connected';

let status: ConnectionStatus | null = null;
const listeners = new Set<() => void>();

export function setConnectionStatus(next: ConnectionStatus | null) {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useConnectionStatus(): ConnectionStatus | null {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => status,
  );
}
