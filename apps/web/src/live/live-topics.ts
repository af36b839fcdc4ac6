import { topics } from '@stromwerk/contracts/topics';

/** Resource kinds published inside a workspace (contracts `liveEntities` minus the tenant levels). */
export const WORKSPACE_ENTITIES = [
  'invitation',
  'member',
  'source',
  'target',
  'output',
  'media',
  'draft',
  'job',
  'comment',
] as const;

export interface LiveScope {
  userId: string;
  /** The corporations the user sees; `wide`: they hold corporation-level permissions there. */
  corporations?: readonly { id: string; wide: boolean }[];
  /** The active workspace: its resources are watched. */
  workspace?: { id: string; corporationId: string } | null;
}

/**
 * The topic filters that keep the cache of a signed-in user fresh. The broker refuses filters the user may
 * not read; asking only for allowed ones (`wide`) keeps the log free of refused subscriptions.
 */
export function liveTopicsFor(scope: LiveScope): string[] {
  const list = [topics.userNotifications(scope.userId)];
  const wide = new Set<string>();
  for (const corporation of scope.corporations ?? []) {
    list.push(topics.corporation(corporation.id));
    if (!corporation.wide) continue;
    wide.add(corporation.id);
    list.push(
      topics.workspaces(corporation.id),
      topics.inCorporation(corporation.id, 'invitation'),
      topics.inCorporation(corporation.id, 'member'),
    );
  }
  const ws = scope.workspace;
  if (ws) {
    // `workspace/+` of a wide corporation already covers the workspace itself.
    if (!wide.has(ws.corporationId)) list.push(topics.workspace(ws.corporationId, ws.id));
    for (const entity of WORKSPACE_ENTITIES) list.push(topics.inWorkspace(ws.corporationId, ws.id, entity));
  }
  return [...new Set(list)];
}
