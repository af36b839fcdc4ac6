import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import { corporationsQueryOptions } from '../../../lib/queries/corporations';
import { matchesName, type SearchProvider } from '../../../lib/search';

export const corporationSearch: SearchProvider = {
  id: 'corporations',
  titleKey: 'tenancy:search.corporations',
  icon: BusinessOutlined,
  async search({ query, queryClient }) {
    const corporations = await queryClient.ensureQueryData(corporationsQueryOptions());
    return corporations
      .filter((corporation) => matchesName(corporation.name, query))
      .map((corporation) => ({ id: corporation.id, primary: corporation.name, to: `/${corporation.id}` }));
  },
};
