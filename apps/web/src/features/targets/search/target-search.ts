import CellTowerOutlined from '@mui/icons-material/CellTowerOutlined';
import { matchesName, type SearchProvider } from '../../../lib/search';
import { targetsQueryOptions } from '../api/list-targets';

/** Live-stream targets of the active workspace, by name. */
export const targetSearch: SearchProvider = {
  id: 'targets',
  titleKey: 'targets:search.title',
  icon: CellTowerOutlined,
  async search({ query, corporationId, workspaceId, queryClient }) {
    if (!corporationId || !workspaceId) return [];
    const targets = await queryClient.ensureQueryData(targetsQueryOptions(workspaceId));
    return targets
      .filter((target) => matchesName(target.name, query))
      .map((target) => ({
        id: target.id,
        primary: target.name,
        secondary: target.type.toUpperCase(),
        to: `/${corporationId}/${workspaceId}/targets`,
      }));
  },
};
