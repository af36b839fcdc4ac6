import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** While live the window grows by a segment every few seconds; the playlist's token is short-lived. */
const LIVE_POLL_MS = 5000;
const IDLE_POLL_MS = 60_000;

/** GET /v1/outputs/{id}/dvr under the player's key, so a live message about the player refreshes it. */
export const dvrQueryOptions = (outputId: string) =>
  queryOptions({
    queryKey: ['outputs', outputId, 'dvr'],
    queryFn: ({ signal }) => api.clips.dvr({ params: { id: outputId } }, { signal }),
    refetchInterval: (query) => (query.state.data?.live ? LIVE_POLL_MS : IDLE_POLL_MS),
  });

export function useDvr(outputId: string | null) {
  return useQuery({ ...dvrQueryOptions(outputId ?? ''), enabled: Boolean(outputId) });
}
