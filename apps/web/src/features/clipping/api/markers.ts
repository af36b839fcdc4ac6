import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const markersKey = (outputId: string) => ['outputs', outputId, 'markers'];

/** The markers of a player, oldest first. */
export function useMarkers(outputId: string | null) {
  return useQuery({
    queryKey: markersKey(outputId ?? ''),
    queryFn: async ({ signal }) =>
      (await api.clips.markers({ params: { id: outputId ?? '' } }, { signal })).items,
    enabled: Boolean(outputId),
  });
}

/** Marks a moment (an ISO time, or now when `at` is left out). */
export function useAddMarker(outputId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marker: { at?: string; label?: string }) =>
      api.clips.addMarker({ params: { id: outputId ?? '' }, body: marker }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: markersKey(outputId ?? '') }),
  });
}

export function useRemoveMarker(outputId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (markerId: string) => api.clips.removeMarker({ params: { id: outputId ?? '', markerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: markersKey(outputId ?? '') }),
  });
}
