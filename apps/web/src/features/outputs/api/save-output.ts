import type { Output, UpdateOutputBody } from '@stromwerk/contracts/outputs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OutputItem } from './types';

export function useCreateOutput() {
  const queryClient = useQueryClient();
  return useMutation({
    // Settings left out take the server's defaults.
    mutationFn: (body: UpdateOutputBody & { workspaceId: string; name: string }) =>
      api.request<Output>({ method: 'POST', path: '/outputs', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['outputs'] }),
  });
}

/** One output's settings as a complete update body (its passwords are added by the caller). */
function settingsOf(o: OutputItem): UpdateOutputBody {
  return {
    mainSourceId: o.mainSourceId,
    backupSourceId: o.backupSourceId,
    fallbackMediaId: o.fallbackMediaId,
    behaviour: o.behaviour,
    latency: o.latency,
    direction: o.direction,
    recording: o.recording,
    vodAfterStream: o.vodAfterStream,
    overlay: o.overlay,
    background: o.background,
    commentsEnabled: o.commentsEnabled,
    commentExpirationHours: o.commentExpirationHours,
    moderation: o.moderation,
    viewerLimitEnabled: o.viewerLimitEnabled,
    viewerLimit: o.viewerLimit,
    whitelist: o.whitelist,
  };
}

/** Saves the complete settings of one output (the edit form has them all, passwords included). */
export function useUpdateOutput() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateOutputBody }) =>
      api.request<Output>({ method: 'PUT', path: `/outputs/${encodeURIComponent(id)}`, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['outputs'] }),
  });
}

/**
 * Bulk edit: `changes` go to every output. The server fills every setting missing from an update body
 * with its default (the contract's `.partial()` keeps zod 4's defaults), passwords included, so each
 * output's own settings and passwords are sent along with the changes.
 */
export function useUpdateOutputs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ outputs, changes }: { outputs: OutputItem[]; changes: UpdateOutputBody }) => {
      for (const output of outputs) {
        const id = encodeURIComponent(output.id);
        const { passwords } = await api.request<{ passwords: string[] }>({
          method: 'GET',
          path: `/outputs/${id}/passwords`,
        });
        const body = { ...settingsOf(output), ...changes, passwords };
        await api.request<Output>({ method: 'PUT', path: `/outputs/${id}`, body });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['outputs'] }),
  });
}
