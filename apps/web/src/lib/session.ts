/**
 * The login session: the bearer token lives in localStorage so a reload keeps the user logged in.
 * Everything that must react to logging in or out (start-up, route guards, the API client) reads it
 * through this module; a logout in another tab is picked up through the `storage` event.
 */
import { useSyncExternalStore } from 'react';

export const SESSION_STORAGE_KEY = 'stromwerk-session';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

let token: string | null = read();

function emit() {
  for (const listener of listeners) listener();
}

function write(next: string | null) {
  token = next;
  try {
    if (next) localStorage.setItem(SESSION_STORAGE_KEY, next);
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Private mode without storage: the session lasts as long as the tab.
  }
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY) return;
    token = event.newValue;
    emit();
  });
}

export const session = {
  token: () => token,
  isLoggedIn: () => token !== null,
  /** Logging in, and replacing the token after a password change. */
  start: (next: string) => write(next),
  clear: () => {
    if (token !== null) write(null);
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useLoggedIn(): boolean {
  return useSyncExternalStore(session.subscribe, session.isLoggedIn, session.isLoggedIn);
}
