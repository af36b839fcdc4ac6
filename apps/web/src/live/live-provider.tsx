import type { BrokerApi } from '@stromwerk/client/broker';
import type { notificationsApi } from '@stromwerk/client/notifications';
import { NOTIFICATION_RECONNECT_MS } from '@stromwerk/contracts/limits';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { LiveClient } from './live-client';
import type { LiveLogger, LiveStatus } from './live-types';

/** The slice of the API client live notifications use (pass the app's `api`). */
export interface LiveApi {
  notifications: Pick<ReturnType<typeof notificationsApi>, 'list' | 'listOfCorporation' | 'remove'>;
  broker: BrokerApi;
}

interface LiveContextValue {
  /** Null until the first login has loaded the client's code. */
  client: LiveClient | null;
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
  /** A refused credentials request (the session ended elsewhere, e.g. the user was blocked). */
  onCredentialsError?: (error: unknown) => void;
  /** Tests hand in their own client. */
  client?: LiveClient;
  children: ReactNode;
}

/** Owns the one LiveClient of the app; mount it inside the QueryClientProvider. */
export function LiveProvider({
  api,
  enabled,
  onStatusChange,
  onCredentialsError,
  logger,
  client,
  children,
}: LiveProviderProps) {
  const apiRef = useRef(api);
  const onErrorRef = useRef(onCredentialsError);
  useEffect(() => {
    apiRef.current = api;
    onErrorRef.current = onCredentialsError;
  });
  const live = useLazyLiveClient(enabled, client, logger, () => apiRef.current, onErrorRef);

  useEffect(() => {
    if (!enabled || !live) return;
    live.connect();
    return () => live.disconnect();
  }, [live, enabled]);

  useEffect(() => {
    if (!onStatusChange) return;
    // While the client's code loads, the connection is on its way: the state connect() starts with.
    onStatusChange(enabled ? (live?.status ?? 'loading') : null);
    const off = live?.onStatus(onStatusChange);
    return () => {
      off?.();
      onStatusChange(null);
    };
  }, [live, enabled, onStatusChange]);

  return <LiveContext.Provider value={{ client: live, api, enabled }}>{children}</LiveContext.Provider>;
}

/**
 * The client is created on the first login, not before: its code (and mqtt.js behind it) is not needed
 * by the login page. A failed load is retried after the spec's reconnect delay while still logged in.
 */
function useLazyLiveClient(
  enabled: boolean,
  given: LiveClient | undefined,
  logger: LiveLogger | undefined,
  api: () => LiveApi,
  onError: { current?: (error: unknown) => void },
): LiveClient | null {
  const [live, setLive] = useState<LiveClient | null>(given ?? null);
  const [attempt, setAttempt] = useState(0);
  const needed = enabled && !live;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one load per attempt (`attempt` retries); `api` reads a ref
  useEffect(() => {
    if (!needed) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    import('./live-client').then(
      ({ LiveClient }) => {
        // A refused credentials request tells the app (a blocked user's session ends there at once).
        const credentials = () =>
          api()
            .broker.credentials()
            .catch((error: unknown) => {
              onError.current?.(error);
              throw error;
            });
        if (current) setLive(new LiveClient({ credentials, logger }));
      },
      (error: unknown) => {
        if (!current) return;
        (logger ?? console).error('Cannot subscribe to notification service', error);
        retry = setTimeout(() => setAttempt((n) => n + 1), NOTIFICATION_RECONNECT_MS);
      },
    );
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [needed, attempt]);
  return live;
}

export function useLiveContext(): LiveContextValue {
  const value = useContext(LiveContext);
  if (!value) throw new Error('Live hooks need a <LiveProvider> above them');
  return value;
}

export function useLiveClient(): LiveClient | null {
  return useLiveContext().client;
}

const noClient = () => () => {};

/** disconnected | loading | connected, re-rendering on every change (the top bar's dot). */
export function useLiveStatus(): LiveStatus {
  const { client, enabled } = useLiveContext();
  const idle: LiveStatus = enabled ? 'loading' : 'disconnected';
  return useSyncExternalStore(
    client ? (listener) => client.onStatus(listener) : noClient,
    () => client?.status ?? idle,
    () => client?.status ?? idle,
  );
}
