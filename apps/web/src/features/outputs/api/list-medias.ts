import type { Media } from '@stromwerk/contracts/medias';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';

/** A media as the pickers need it (fallback media, overlay image). */
export interface MediaChoice {
  id: string;
  name: string;
  status: Media['status'];
}

export const mediaChoicesQueryOptions = (workspaceId: string) =>
  queryOptions({
    // Under ['medias', …] so media live updates refresh it too.
    queryKey: ['medias', 'choices', workspaceId],
    queryFn: async ({ signal }): Promise<MediaChoice[]> =>
      (
        await fetchAll((offset, limit) =>
          api.medias.listInWorkspace({ params: { id: workspaceId }, query: { offset, limit } }, { signal }),
        )
      ).map((m) => ({ id: m.id, name: m.name, status: m.status })),
  });

/** The workspace's media library, for the fallback media and overlay pickers of the player form. */
export function useMediaChoices(workspaceId: string | undefined, enabled = true) {
  return useQuery({
    ...mediaChoicesQueryOptions(workspaceId ?? ''),
    enabled: Boolean(workspaceId) && enabled,
  });
}
