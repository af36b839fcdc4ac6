import { queryOptions, useQuery } from '@tanstack/react-query';
import { playApi } from './play-client';

export const STATE_POLL_MS = 5000;

export const playStateQueryOptions = (outputId: string, token: string) =>
  queryOptions({
    queryKey: ['play', outputId, 'state', token],
    queryFn: ({ signal }) => playApi.state({ params: { id: outputId }, query: { t: token } }, { signal }),
    refetchInterval: STATE_POLL_MS,
    refetchIntervalInBackground: true,
  });

/** What the program shows now (offline, live, fallback, VOD) and the player's look, every 5 s. */
export function usePlayState(outputId: string, token: string | null) {
  return useQuery({ ...playStateQueryOptions(outputId, token ?? ''), enabled: Boolean(token) });
}
