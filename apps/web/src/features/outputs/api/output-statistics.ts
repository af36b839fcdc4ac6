import type { OutputStatistics } from '@stromwerk/contracts/outputs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Viewers come and go without a live message: the numbers are polled. */
export const STATISTICS_POLL_MS = 10_000;

export const outputStatisticsQueryOptions = (outputId: string) =>
  queryOptions({
    queryKey: ['outputs', outputId, 'statistics'],
    queryFn: ({ signal }) =>
      api.request<OutputStatistics>({
        method: 'GET',
        path: `/outputs/${encodeURIComponent(outputId)}/statistics`,
        signal,
      }),
    refetchInterval: STATISTICS_POLL_MS,
  });

export function useOutputStatistics(outputId: string) {
  return useQuery(outputStatisticsQueryOptions(outputId));
}
