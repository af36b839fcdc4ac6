/**
 * Topic helpers without zod, so the browser's MQTT client can use them without pulling schemas into its
 * bundle. Topics are key/value paths with an even number of segments (ARCHITECTURE section 5).
 */

/** What happened to the entity named in a topic message. */
export const topicMessageTypes = ['created', 'updated', 'deleted'] as const;
export type TopicMessageType = (typeof topicMessageTypes)[number];

/** Entity names the server publishes today; later resources add theirs here (web handlers key on them). */
export const liveEntities = [
  'corporation',
  'workspace',
  'invitation',
  'member',
  'notification',
  'source',
  'target',
  'output',
  'media',
  'draft',
  'job',
  'comment',
  /** Bitrate samples of the Flowchart, published only while a view watches (not a stored entity). */
  'stats',
] as const;
export type LiveEntity = (typeof liveEntities)[number];

export const TOPIC_WILDCARD = '+';

/** Spec section 5: a topic (or filter) must have an even number of non-empty segments. */
export function isExplicitTopic(topic: string): boolean {
  const parts = topic.split('/');
  return parts.length % 2 === 0 && parts.every((p) => p.length > 0);
}

/** Exact match, or a filter whose last segment is `+` (spec section 7: the only wildcard clients use). */
export function topicMatches(filter: string, topic: string): boolean {
  if (filter === topic) return true;
  if (!filter.endsWith(`/${TOPIC_WILDCARD}`)) return false;
  const prefix = filter.slice(0, -1);
  const rest = topic.startsWith(prefix) ? topic.slice(prefix.length) : '';
  return rest.length > 0 && !rest.includes('/');
}

export const topics = {
  corporation: (corporationId: string) => `corporation/${corporationId}`,
  /** Every workspace of a corporation: needs corporation-level rights. */
  workspaces: (corporationId: string) => `corporation/${corporationId}/workspace/${TOPIC_WILDCARD}`,
  workspace: (corporationId: string, workspaceId: string) =>
    `corporation/${corporationId}/workspace/${workspaceId}`,
  /** A resource kind inside a workspace; `id` defaults to the wildcard. */
  inWorkspace: (corporationId: string, workspaceId: string, entity: string, id: string = TOPIC_WILDCARD) =>
    `corporation/${corporationId}/workspace/${workspaceId}/${entity}/${id}`,
  /** A corporation-level resource kind (invitations and members without a workspace). */
  inCorporation: (corporationId: string, entity: string, id: string = TOPIC_WILDCARD) =>
    `corporation/${corporationId}/${entity}/${id}`,
  /** The caller's stored notifications; only the user themself may subscribe. */
  userNotifications: (userId: string, id: string = TOPIC_WILDCARD) => `user/${userId}/notification/${id}`,
};

/** Where a committed change of an entity is published. */
export function changeTopic(change: {
  entity: string;
  id: string;
  corporationId: string;
  workspaceId?: string | null;
}): string {
  const { entity, id, corporationId, workspaceId } = change;
  if (entity === 'corporation') return topics.corporation(corporationId);
  if (entity === 'workspace') return topics.workspace(corporationId, workspaceId ?? id);
  if (workspaceId) return topics.inWorkspace(corporationId, workspaceId, entity, id);
  return topics.inCorporation(corporationId, entity, id);
}
