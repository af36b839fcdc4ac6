import { useCorporations } from './queries/corporations';
import { useWorkspaces } from './queries/workspaces';
import { useRouteParams } from './route-params';

/**
 * The corporation and workspace named by the URL (ids), resolved against the loaded lists. Either is
 * undefined when the route has no such parameter or the id is not one the user can see.
 */
export function useActiveContext() {
  const params = useRouteParams();
  const corporations = useCorporations().data ?? [];
  const workspaces = useWorkspaces().data ?? [];
  const corporation = corporations.find((c) => c.id === params.corporationId);
  const workspace = workspaces.find(
    (w) => w.id === params.workspaceId && w.corporationId === params.corporationId,
  );
  return { params, corporations, workspaces, corporation, workspace };
}
