import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import { corporationsQueryOptions } from '../../../lib/queries/corporations';
import { workspacesQueryOptions } from '../../../lib/queries/workspaces';
import { matchesName, type SearchProvider } from '../../../lib/search';

export const workspaceSearch: SearchProvider = {
  id: 'workspaces',
  titleKey: 'tenancy:search.workspaces',
  icon: WorkspacesOutlined,
  async search({ query, queryClient }) {
    const [workspaces, corporations] = await Promise.all([
      queryClient.ensureQueryData(workspacesQueryOptions()),
      queryClient.ensureQueryData(corporationsQueryOptions()),
    ]);
    const corporationName = new Map(corporations.map((c) => [c.id, c.name]));
    return workspaces
      .filter((workspace) => matchesName(workspace.name, query))
      .map((workspace) => ({
        id: workspace.id,
        primary: workspace.name,
        secondary: corporationName.get(workspace.corporationId),
        to: `/${workspace.corporationId}/${workspace.id}`,
      }));
  },
};
