import { mediaSearch } from '../../features/medias/search/media-search';
import { sourceSearch } from '../../features/sources/search/source-search';
import { targetSearch } from '../../features/targets/search/target-search';
import { corporationSearch } from '../../features/tenancy/search/corporation-search';
import { workspaceSearch } from '../../features/tenancy/search/workspace-search';
import type { Namespace } from '../../lib/i18n';
import type { SearchProvider } from '../../lib/search';

/** In the order the sheet shows their groups. Resources of the active workspace plug in here. */
export const searchProviders: readonly SearchProvider[] = [
  sourceSearch,
  targetSearch,
  mediaSearch,
  workspaceSearch,
  corporationSearch,
];

/** The namespaces of the group titles (`titleKey` is `<namespace>:<key>`), for the sheet to load. */
export const searchNamespaces = [
  ...new Set(searchProviders.map((provider) => provider.titleKey.split(':')[0] as Namespace)),
];
