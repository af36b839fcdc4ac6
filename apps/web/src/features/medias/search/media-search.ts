import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import type { Media } from '@stromwerk/contracts/medias';
import { api } from '../../../lib/api-client';
import { formatClock } from '../../../lib/format';
import type { SearchProvider } from '../../../lib/search';

/** Media of the active workspace, by name; the library can be large, so the server searches. */
export const mediaSearch: SearchProvider = {
  id: 'medias',
  titleKey: 'medias:search.title',
  icon: VideoLibraryOutlined,
  async search({ query, corporationId, workspaceId, signal }) {
    if (!corporationId || !workspaceId || !query.trim()) return [];
    const page = await api.medias
      .list(
        { query: { workspaceId, search: query.trim(), sort: 'name', order: 'asc', limit: 10 } },
        { signal },
      )
      // A workspace without the media library must not cost the other groups their results.
      .catch(() => ({ items: [] as Media[] }));
    return page.items.map((media) => ({
      id: media.id,
      primary: media.name,
      secondary: media.durationMs != null ? formatClock(media.durationMs) : undefined,
      to: `/${corporationId}/${workspaceId}/media`,
    }));
  },
};
