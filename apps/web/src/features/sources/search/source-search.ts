import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import { sourcesQueryOptions } from '../../../lib/queries/sources';
import { matchesName, type SearchProvider } from '../../../lib/search';

/** Stream sources of the active workspace, by name. */
export const sourceSearch: SearchProvider = {
  id: 'sources',
  titleKey: 'sources:search.title',
  icon: SensorsOutlined,
  async search({ query, corporationId, workspaceId, queryClient }) {
    if (!corporationId || !workspaceId) return [];
    const sources = await queryClient.ensureQueryData(sourcesQueryOptions(workspaceId));
    return sources
      .filter((source) => matchesName(source.name, query))
      .map((source) => ({
        id: source.id,
        primary: source.name,
        secondary: source.type.toUpperCase(),
        to: `/${corporationId}/${workspaceId}/sources`,
      }));
  },
};
