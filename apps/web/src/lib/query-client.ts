import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { endsSession, statusOf } from './api-errors';
import { session } from './session';

/** Ends the web session on an answer that says it is gone (also used for the live credentials). */
export function onError(error: unknown) {
  if (endsSession(error)) session.clear();
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not heal by retrying; network trouble and 5xx might.
        retry: (failures, error) => {
          const status = statusOf(error) ?? 0;
          return status >= 400 && status < 500 ? false : failures < 2;
        },
      },
    },
  });
}

export const queryClient = createQueryClient();
