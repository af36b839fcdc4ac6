import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /v1/medias/{id}/keyframes: a stored file's keyframes never change, so they are read once. */
export const keyframesQueryOptions = (mediaId: string) =>
  queryOptions({
    queryKey: ['medias', mediaId, 'keyframes'],
    queryFn: ({ signal }) => api.medias.keyframes({ params: { id: mediaId } }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
