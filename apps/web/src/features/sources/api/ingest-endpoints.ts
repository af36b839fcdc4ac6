import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The server's ingest regions and which of them have an address (issue 13.3); they change only on restart. */
export function useIngestEndpoints() {
  return useQuery({
    queryKey: ['ingest-endpoints'],
    queryFn: ({ signal }) => api.sources.endpoints({}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
