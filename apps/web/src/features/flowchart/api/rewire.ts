import type { Behaviour } from '@stromwerk/contracts/values';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The flowchart's edits (issue 16 "Rewire"), each the call the list screens make, so permissions and
 * validation are theirs: a target's feed and its enabled switch (PUT /v1/targets/{id}), a player's main,
 * backup or fallback input and its behaviour circuit (PUT /v1/outputs/{id}).
 */
export type Rewire =
  | { kind: 'feed'; targetId: string; from: { sourceId: string } | { outputId: string } | null }
  | { kind: 'input'; outputId: string; role: 'main' | 'backup'; sourceId: string | null }
  | { kind: 'fallback'; outputId: string; mediaId: null }
  | { kind: 'enabled'; targetId: string; enabled: boolean }
  | { kind: 'behaviour'; outputId: string; behaviour: Behaviour };

async function send(change: Rewire): Promise<void> {
  switch (change.kind) {
    case 'feed':
      await api.targets.update({
        params: { id: change.targetId },
        body: change.from ?? { sourceId: null, outputId: null },
      });
      return;
    case 'enabled':
      await api.targets.update({ params: { id: change.targetId }, body: { enabled: change.enabled } });
      return;
    case 'input':
      await api.outputs.update({
        params: { id: change.outputId },
        body:
          change.role === 'main' ? { mainSourceId: change.sourceId } : { backupSourceId: change.sourceId },
      });
      return;
    case 'fallback':
      await api.outputs.update({ params: { id: change.outputId }, body: { fallbackMediaId: null } });
      return;
    case 'behaviour':
      await api.outputs.update({ params: { id: change.outputId }, body: { behaviour: change.behaviour } });
  }
}

export function useRewire(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Rewire) => send(change),
    onSuccess: (_data, change) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['graph', workspaceId] }),
        queryClient.invalidateQueries({
          queryKey: [change.kind === 'input' || change.kind === 'fallback' ? 'outputs' : 'targets'],
        }),
      ]),
  });
}
