import { useMatches } from 'react-router';

export interface RouteHandle {
  /** The route belongs to a navigation scope; the side navigation shows its entries. */
  navigation?: 'workspace';
}

/** Params of the deepest matched route, usable from layout components above the page's route. */
export function useRouteParams(): { corporationId?: string; workspaceId?: string } {
  const matches = useMatches();
  return matches[matches.length - 1]?.params ?? {};
}

export function useNavigationScope(): RouteHandle['navigation'] {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.navigation) return handle.navigation;
  }
  return undefined;
}
