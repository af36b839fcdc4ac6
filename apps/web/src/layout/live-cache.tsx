import { useMemo } from 'react';
import { useMe } from '../lib/queries/me';
import { useActiveContext } from '../lib/use-active-context';
import { liveTopicsFor } from '../live/live-topics';
import { useLiveCache } from '../live/use-live-subscription';

/**
 * Keeps the signed-in user's cached lists fresh through the live connection: their notifications, their
 * corporations (and, where they hold corporation-level permissions, its workspaces, invitations and
 * members) and the resources of the workspace on screen. Renders nothing; mount it only while logged in.
 */
export function LiveCache() {
  const me = useMe();
  const { corporations, workspace } = useActiveContext();
  const userId = me?.id;
  const scopeKey = corporations.map((c) => `${c.id}:${c.permissions.length > 0 ? 1 : 0}`).join(',');
  const workspaceId = workspace?.id;
  const corporationId = workspace?.corporationId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scopeKey stands for the corporations
  const topicList = useMemo(
    () =>
      userId
        ? liveTopicsFor({
            userId,
            corporations: corporations.map((c) => ({ id: c.id, wide: c.permissions.length > 0 })),
            workspace: workspaceId && corporationId ? { id: workspaceId, corporationId } : null,
          })
        : [],
    [userId, scopeKey, workspaceId, corporationId],
  );
  useLiveCache(topicList, userId);
  return null;
}
