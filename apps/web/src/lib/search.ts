import type { SvgIconComponent } from '@mui/icons-material';
import type { QueryClient } from '@tanstack/react-query';

export interface SearchContext {
  query: string;
  corporationId?: string;
  workspaceId?: string;
  queryClient: QueryClient;
  signal: AbortSignal;
}

export interface SearchResult {
  id: string;
  primary: string;
  secondary?: string;
  to: string;
}

/**
 * One kind of resource the search sheet finds by name. A provider may filter cached lists or call
 * the API; new resources (sources, targets, media…) add a provider to `layout/search`.
 */
export interface SearchProvider {
  id: string;
  /** Translation key with namespace, e.g. `tenancy:search.workspaces`. */
  titleKey: string;
  icon: SvgIconComponent;
  search: (context: SearchContext) => Promise<SearchResult[]>;
}

/** Case-insensitive substring, the spec's rule for the workspace switcher, used for names everywhere. */
export function matchesName(name: string, query: string): boolean {
  return name.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());
}
