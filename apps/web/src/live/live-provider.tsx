import type { NotificationsApi } from '@stromwerk/client/notifications';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { LiveClient } from './live-client';
import type { LiveLogger, LiveStatus } from './live-types';

/** The slice of the API client live notifications use (pass the app's `api`). */
export interface LiveApi {
  notifications: Pick<NotificationsApi, 'list' | 'listOfCorporation' | 'remove' | 'brokerCredentials'>;
}

interface LiveContextValue {
  client: LiveClient;
  api: LiveApi;
  enabled: boolean;
}

const LiveContext = createContext<LiveContextValue | null>(null);

export interface LiveProviderProps {
  api: LiveApi;
  /** Logged in: connect; logged out: disconnect and forget every subscription. */
  enabled: boolean;
  /** Mirrors the status elsewhere, e.g. `setConnectionStatus` of lib/connection-status. */
  onStatusChange?: (status: LiveStatus | null) => void;
  logger?: LiveLogger;
  /** Tests hand in their own client. */
  client?: LiveClient;
  children: ReactNode;
}

/** Owns the one LiveClient of the app; mount it inside the QueryClientProvider. */
export function LiveProvider({ api, enabled, onStatusChange, logger, client, children }: LiveProviderProps) {
  const apiRef = useRef(api);
  useEffect(() => {
    apiRef.current = api;
  });
  const [live] = useState(
    () =>
      client ??
      new LiveClient({ credentials: () => apiRef.current.notifications.brokerCredentials(), logger }),
  );

  useEffect(() => {
    if (!enabled) return;
    live.connect();
    return () => live.disconnect();
  }, [live, enabled]);

  useEffect(() => {
    if (!onStatusChange) return;
    onStatusChange(enabled ? live.status : null);
    const off = live.onStatus(onStatusChange);
    return () => {
      off();
      onStatusChange(null);
    };
  }, [live, enabled, onStatusChange]);

  return <LiveContext.Provider value={{ client: live, api, enabled }}>{children}</LiveContext.Provider>;
}

export function useLiveContext(): LiveContextValue {
  const value = useContext(LiveContext);
  if (!value) throw new Error('Live hooks need a <LiveProvider> above them');
  return value;
}

export function useLiveClient(): LiveClient {
  return useLiveContext().client;
}

/** disconnected | loading | connected, re-rendering on every change (the top bar's dot). */
export function useLiveStatus(): LiveStatus {
  const client = useLiveClient();
  return useSyncExternalStore(
    (listener) => client.onStatus(listener),
    () => client.status,
    () => client.status,
  );
}
