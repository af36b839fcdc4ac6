import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';

const REFRESH_MS = 5000;

/**
 * The live picture of a source as an object URL. <img> cannot send the bearer token, so the JPEG is
 * fetched through the client and handed to the image as a blob; the previous URL is released on every refresh.
 */
export function useSourcePreview(sourceId: string, live: boolean) {
  const query = useQuery({
    queryKey: ['sources', 'preview', sourceId],
    enabled: live,
    refetchInterval: live ? REFRESH_MS : false,
    retry: false,
    gcTime: 0,
    queryFn: async ({ signal }) => {
      // 404 while the source is not live (yet): no picture, not an error.
      const jpeg = await api.sources.preview({ params: { id: sourceId } }, { signal }).catch(() => null);
      return jpeg ? URL.createObjectURL(jpeg) : null;
    },
  });
  const url = query.data ?? null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return live ? url : null;
}
