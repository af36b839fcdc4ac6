import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { session } from '../../../lib/session';

const REFRESH_MS = 5000;

/**
 * The live picture of a source as an object URL. <img> cannot send the bearer token, so the JPEG is
 * fetched with it and handed to the image as a blob; the previous URL is released on every refresh.
 */
export function useSourcePreview(sourceId: string, live: boolean) {
  const query = useQuery({
    queryKey: ['sources', 'preview', sourceId],
    enabled: live,
    refetchInterval: live ? REFRESH_MS : false,
    retry: false,
    gcTime: 0,
    queryFn: async ({ signal }) => {
      const token = session.token();
      const res = await fetch(`/v1/sources/${encodeURIComponent(sourceId)}/preview`, {
        signal,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok) return null;
      return URL.createObjectURL(await res.blob());
    },
  });
  const url = query.data ?? null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return live ? url : null;
}
