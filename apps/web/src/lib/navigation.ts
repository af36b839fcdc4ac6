import type { Feature } from '@stromwerk/contracts/permissions';

/**
 * Spec section 3 "Navigation entry": to, name, icon, optional access. Titles come from the
 * `navigation` locale file: `entries.<name>.long` (drawer) and `entries.<name>.short` (rail). The
 * icons live in navigation-icons.ts so the router (part of every page's first load) needs no icons.
 */
export interface NavigationEntry {
  to: string;
  name: NavigationName;
  access?: Feature;
}

export type NavigationName =
  | 'home'
  | 'sources'
  | 'targets'
  | 'players'
  | 'flowchart'
  | 'media'
  | 'editor'
  | 'clipping'
  | 'comments';

/** The workspace scope's main navigation, in groups separated by dividers. */
export const workspaceNavigation: readonly (readonly NavigationEntry[])[] = [
  [{ to: '', name: 'home' }],
  [
    { to: 'sources', name: 'sources', access: 'sources' },
    { to: 'targets', name: 'targets', access: 'targets' },
    { to: 'players', name: 'players', access: 'outputs' },
  ],
  [{ to: 'flowchart', name: 'flowchart', access: 'flowchart' }],
  [
    { to: 'media', name: 'media', access: 'media' },
    { to: 'editor', name: 'editor', access: 'editor' },
    { to: 'clipping', name: 'clipping', access: 'clipping' },
    { to: 'comments', name: 'comments', access: 'comments' },
  ],
];

/** Areas that are not the scope's home: the routes under /{corporation}/{workspace}/. */
export const workspaceAreas: readonly NavigationEntry[] = workspaceNavigation.flat().filter((e) => e.to);

/** Entries without access show always; the others only when their feature is available. */
export function visibleGroups(
  groups: readonly (readonly NavigationEntry[])[],
  features: ReadonlySet<Feature>,
): NavigationEntry[][] {
  return groups
    .map((group) => group.filter((entry) => !entry.access || features.has(entry.access)))
    .filter((group) => group.length > 0);
}

/** Entry paths are prefixed with /{corporation}/{workspace}/ when both route parameters exist. */
export function entryPath(entry: NavigationEntry, params: { corporationId?: string; workspaceId?: string }) {
  const prefix =
    params.corporationId && params.workspaceId ? `/${params.corporationId}/${params.workspaceId}` : '';
  return entry.to ? `${prefix}/${entry.to}` : prefix || '/';
}
