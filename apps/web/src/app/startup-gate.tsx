import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { useLoggedIn } from '../lib/session';
import { startUp } from './startup';
import { StartupError } from './startup-error';

const startupKey = (loggedIn: boolean) => ['startup', loggedIn] as const;

/**
 * Renders the app only once start-up is done, and again after each login (new user, new lists).
 * Logging out drops every cached server answer of the previous user.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  const wasLoggedIn = useRef(loggedIn);

  useEffect(() => {
    if (wasLoggedIn.current && !loggedIn) {
      queryClient.removeQueries({
        predicate: (query) => !(query.queryKey[0] === 'startup' && query.queryKey[1] === false),
      });
    }
    wasLoggedIn.current = loggedIn;
  }, [loggedIn, queryClient]);

  const startup = useQuery({
    queryKey: startupKey(loggedIn),
    queryFn: () => startUp(queryClient, loggedIn),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  if (startup.isError) return <StartupError />;
  if (!startup.data) return <LoadingScreen />;
  return <>{children}</>;
}
