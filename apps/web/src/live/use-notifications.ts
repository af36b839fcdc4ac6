import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveContext } from './live-provider';

const PAGE = 50;

/**
 * The caller's stored notifications (newest first) for the notifications sheet, kept fresh by the
 * `user/{id}/notification/+` topic (see liveTopicsFor). `items` are due; `upcoming` still wait for their
 * not-before time and move over when the server publishes them as due.
 */
export function useNotifications(options: { corporationId?: string } = {}) {
  const { api, enabled } = useLiveContext();
  const { corporationId } = options;
  const query = useQuery({
    queryKey: ['notifications', corporationId ? { corporationId } : 'all'],
    queryFn: ({ signal }) =>
      corporationId
        ? api.notifications.listOfCorporation(
            { params: { id: corporationId }, query: { limit: PAGE } },
            { signal },
          )
        : api.notifications.list({ query: { limit: PAGE } }, { signal }),
    enabled,
  });
  const all = query.data?.items ?? [];
  return {
    ...query,
    items: all.filter((n) => n.ready),
    upcoming: all.filter((n) => !n.ready),
    total: query.data?.total ?? 0,
  };
}

export function useDeleteNotification() {
  const { api } = useLiveContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.notifications.remove({ params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
