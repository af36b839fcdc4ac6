import type { GraphNode } from '@stromwerk/contracts/graph';
import type { TopicMessage } from '@stromwerk/contracts/notifications';
import type { GraphStore } from './graph-store';

/** What a topic message means for the chart: patched in place, or the wiring may have changed. */
export type PatchResult = 'patched' | 'refetch' | 'ignored';

const has = <K extends string>(data: unknown, key: K): data is Record<K, unknown> =>
  typeof data === 'object' && data !== null && key in data;

/**
 * Applies one entity message to the store without touching the layout (issue 16: "MQTT only patches
 * it"). Creations and deletions, a target saved from a form (no status in the message: its feed may have
 * changed) and any output change (the message cannot say whether its inputs changed) ask for a refetch;
 * the caller debounces those, and the refetch keeps every known node where it is.
 */
export function applyGraphMessage(store: GraphStore, message: TopicMessage): PatchResult {
  const { entity, type, id, data } = message;
  if (!['source', 'output', 'target', 'media'].includes(entity)) return 'ignored';
  const node = store.byRef(id);
  if (type !== 'updated') return entity === 'media' && !node && type === 'deleted' ? 'ignored' : 'refetch';
  if (!node) return entity === 'media' ? 'ignored' : 'refetch';
  if (node.kind === 'source' && has(data, 'state')) {
    const s = data as Record<string, unknown>;
    store.patch(node.id, {
      state: s.state,
      ...(typeof s.name === 'string' ? { label: s.name } : {}),
      ...('streamInfo' in s ? { streamInfo: s.streamInfo } : {}),
      ...('lastError' in s ? { lastError: s.lastError } : {}),
      ...('lastErrorCause' in s ? { lastErrorCause: s.lastErrorCause } : {}),
      ...(typeof s.recording === 'boolean' ? { recording: s.recording } : {}),
    } as Partial<GraphNode>);
    return 'patched';
  }
  if (node.kind === 'target' && has(data, 'state')) {
    const s = data as Record<string, unknown>;
    const keys = ['state', 'lastError', 'onlineSince', 'bitrateKbps', 'restarts', 'lastErrorCause'];
    store.patch(node.id, Object.fromEntries(keys.filter((k) => k in s).map((k) => [k, s[k]])));
    return 'patched';
  }
  if (node.kind === 'output' && has(data, 'input')) {
    const s = data as Record<string, unknown>;
    store.patch(node.id, {
      state: s.input,
      ...(typeof s.name === 'string' ? { label: s.name } : {}),
    } as Partial<GraphNode>);
    return 'refetch';
  }
  if (node.kind === 'media' && has(data, 'status')) {
    store.patch(node.id, { state: (data as { status: unknown }).status } as Partial<GraphNode>);
    return 'patched';
  }
  return 'refetch';
}
