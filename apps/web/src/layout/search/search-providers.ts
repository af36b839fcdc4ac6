import { mediaSearch } from '../../features/medias/search/media-search';
import { sourceSearch } from '../../features/sources/search/source-search';
import { targetSearch } from '../../features/targets/search/target-search';
import { corporationSearch } from '../../features/tenancy/search/corporation-search';
import { workspaceSearch } from '../../features/tenancy/search/workspace-search';
import type { SearchProvider } from '../../lib/search';

/** In the order the sheet shows their groups. Resources of the active workspace plug in here. */
export const searchProviders: readonly SearchProvider[] = [
  sourceSearch,
  targetSearch,
  mediaSearch,
  workspaceSearch,
  corporationSearch,
];
