import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Viewers come and go without a live message: the numbers are polled. */
export const STATISTICS_POLL_MS = 10_000;

export const outputStatisticsQueryOptions = (outputId: string) =>
  queryOptions({
    queryKey: ['outputs', outputId, 'statistics'],
    queryFn: ({ signal }) => api.outputs.statistics({ params: { id: outputId } }, { signal }),
    refetchInterval: STATISTICS_POLL_MS,
  });

export function useOutputStatistics(outputId: string) {
  return useQuery(outputStatisticsQueryOptions(outputId));
}
