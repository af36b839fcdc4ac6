import { useMemo } from 'react';
import { type NavigationEntry, visibleGroups, workspaceNavigation } from '../lib/navigation';
import { useNavigationScope } from '../lib/route-params';
import { useActiveContext } from '../lib/use-active-context';
import { useAvailableFeatures } from '../lib/use-available-features';

/** The side navigation of the current route: the scope's entries the active context allows. */
export function useNavigation(): {
  groups: NavigationEntry[][];
  params: { corporationId?: string; workspaceId?: string };
} {
  const scope = useNavigationScope();
  const { params, workspace } = useActiveContext();
  const features = useAvailableFeatures();
  const groups = useMemo(
    () => (scope === 'workspace' && workspace ? visibleGroups(workspaceNavigation, features) : []),
    [scope, workspace, features],
  );
  return { groups, params };
}
