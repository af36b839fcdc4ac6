/**
 * One handler per topic kind: each turns a topic message into TanStack Query cache updates.
 *
 * Query-key convention assumed (the one features/<area>/api already uses): the first key segment is the
 * entity's plural, list and detail keys start with it, and scoped lists nest under their parent:
 *   ['corporations'], ['corporations', cid, 'members'], ['workspaces'], ['workspaces', wid, 'members'],
 *   ['invitations', ...], ['notifications', ...], ['sources', ...], ['targets', ...], ['medias', ...],
 *   ['outputs', ...], ['comments', ...], ['drafts', ...], ['me'].
 * A message invalidates by prefix, so every list and detail of that entity refetches if it is on screen; a
 * deleted entity's detail queries are removed instead (refetching them would only produce a 404).
 */
import type { TopicMessage } from '@stromwerk/contracts/notifications';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { patchListItem, removeListItem } from './patch-lists';

/** The key/value pairs of a topic: `corporation/c1/workspace/w1/source/s1` -> {corporation: c1, ...}. */
export function topicScope(topic: string): Record<string, string> {
  const parts = topic.split('/');
  const scope: Record<string, string> = {};
  for (let i = 0; i + 1 < parts.length; i += 2) scope[parts[i]!] = parts[i + 1]!;
  return scope;
}

export interface HandlerContext {
  queryClient: QueryClient;
  scope: Record<string, string>;
  /** The signed-in user: a change of their own membership changes what they may see. */
  userId?: string;
}

export type TopicHandler = (message: TopicMessage, context: HandlerContext) => Promise<unknown>;

const plural = (entity: string) => (entity.endsWith('s') ? entity : `${entity}s`);

function invalidate(queryClient: QueryClient, ...keys: QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * Any entity without its own handler: its plural's lists and details. Drafts (Video Editor) need no more:
 * the editor keeps its unsaved copy apart from the refetched detail, so a refetch never drops an edit.
 */
const entityHandler: TopicHandler = (message, { queryClient }) => {
  const key = plural(message.entity);
  if (message.type === 'deleted') queryClient.removeQueries({ queryKey: [key, message.id] });
  return invalidate(queryClient, [key]);
};

const corporationHandler: TopicHandler = (message, context) => {
  // A deleted corporation takes its workspaces with it.
  if (message.type === 'deleted')
    return Promise.all([entityHandler(message, context), invalidate(context.queryClient, ['workspaces'])]);
  return entityHandler(message, context);
};

const memberHandler: TopicHandler = (message, { queryClient, scope, userId }) => {
  const keys: QueryKey[] = [];
  if (scope.workspace) keys.push(['workspaces', scope.workspace, 'members']);
  else if (scope.corporation) keys.push(['corporations', scope.corporation, 'members']);
  // My own permissions changed: both lists carry them, and navigation depends on them.
  if (message.id === userId) keys.push(['corporations'], ['workspaces'], ['me'], ['user-flags']);
  return invalidate(queryClient, ...keys);
};

const notificationHandler: TopicHandler = (message, { queryClient }) => {
  if (message.type === 'deleted') queryClient.removeQueries({ queryKey: ['notifications', message.id] });
  return invalidate(queryClient, ['notifications']);
};

/**
 * Media messages carry only name and status, while a list also shows the signed links that change when
 * thumbnails arrive: refetch the lists and this media's detail, but not the details of other media.
 */
const mediaHandler: TopicHandler = (message, { queryClient }) => {
  if (message.type === 'deleted') queryClient.removeQueries({ queryKey: ['medias', message.id] });
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'medias' && (queryKey.length !== 2 || queryKey[1] === message.id),
  });
};

/**
 * Job messages carry the whole job: progress (up to once a second per job) is patched into the cached
 * lists without a request. A job the lists do not hold yet, or one that is gone, refetches them.
 */
const jobHandler: TopicHandler = (message, { queryClient }) => {
  const job = message.data as { id?: unknown } | null;
  if (message.type === 'deleted') {
    queryClient.removeQueries({ queryKey: ['jobs', message.id] });
    removeListItem(queryClient, ['jobs'], message.id);
    return invalidate(queryClient, ['jobs']);
  }
  if (message.type === 'updated' && job && job.id === message.id) {
    if (patchListItem(queryClient, ['jobs'], job as { id: string })) return Promise.resolve();
  }
  return invalidate(queryClient, ['jobs']);
};

/**
 * Output messages carry `{ input, name }`: the chip of what a player shows changes at once, then the lists
 * refetch for the settings the message does not carry. A deleted output takes its comments with it.
 */
const outputHandler: TopicHandler = (message, { queryClient }) => {
  if (message.type === 'deleted') {
    queryClient.removeQueries({ queryKey: ['outputs', message.id] });
    removeListItem(queryClient, ['outputs'], message.id);
    return invalidate(queryClient, ['outputs'], ['comments']);
  }
  const data = message.data as { input?: unknown; name?: unknown } | null;
  if (data && typeof data.input === 'string' && typeof data.name === 'string')
    patchListItem(queryClient, ['outputs'], { id: message.id, input: data.input, name: data.name } as {
      id: string;
    });
  return invalidate(queryClient, ['outputs']);
};

/** Comment messages carry `{ outputId, approved }`: the Comments Tool's lists (any filter) refetch. */
const commentHandler: TopicHandler = (message, { queryClient }) => {
  if (message.type === 'deleted') {
    queryClient.removeQueries({ queryKey: ['comments', message.id] });
    removeListItem(queryClient, ['comments'], message.id);
  }
  return invalidate(queryClient, ['comments']);
};

export const topicHandlers: Record<string, TopicHandler> = {
  corporation: corporationHandler,
  workspace: entityHandler,
  invitation: entityHandler,
  member: memberHandler,
  notification: notificationHandler,
  media: mediaHandler,
  job: jobHandler,
  output: outputHandler,
  comment: commentHandler,
};

/** Routes a message to its entity's handler; unknown entities get the plural-key default. */
export function applyTopicMessage(
  message: TopicMessage,
  topic: string,
  context: Omit<HandlerContext, 'scope'>,
) {
  const handler = topicHandlers[message.entity] ?? entityHandler;
  return handler(message, { ...context, scope: topicScope(topic) });
}
