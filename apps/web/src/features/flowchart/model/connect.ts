import type { GraphEdge, GraphNode } from '@stromwerk/contracts/graph';
import type { Rewire } from '../api/rewire';

export interface Connection {
  source: string;
  target: string;
  targetHandle?: string | null;
}

/**
 * What dragging `source` onto `target` means, or null when the list screens would not allow it: a source
 * or player onto a target feeds the target; a source onto a player's main or backup input sets that input.
 */
export function rewireFor(c: Connection, nodeOf: (id: string) => GraphNode | undefined): Rewire | null {
  const from = nodeOf(c.source);
  const to = nodeOf(c.target);
  if (!from || !to || from.id === to.id) return null;
  if (to.kind === 'target') {
    if (from.kind === 'source') return { kind: 'feed', targetId: to.refId, from: { sourceId: from.refId } };
    if (from.kind === 'output') return { kind: 'feed', targetId: to.refId, from: { outputId: from.refId } };
    return null;
  }
  if (
    to.kind === 'output' &&
    from.kind === 'source' &&
    (c.targetHandle === 'main' || c.targetHandle === 'backup')
  )
    return { kind: 'input', outputId: to.refId, role: c.targetHandle, sourceId: from.refId };
  return null;
}

/** The call that removes an edge; null for recordings (history, not wiring). */
export function unbindFor(
  edge: Pick<GraphEdge, 'role' | 'to'>,
  nodeOf: (id: string) => GraphNode | undefined,
): Rewire | null {
  const to = nodeOf(edge.to);
  if (!to) return null;
  if (edge.role === 'feed' && to.kind === 'target') return { kind: 'feed', targetId: to.refId, from: null };
  if ((edge.role === 'main' || edge.role === 'backup') && to.kind === 'output')
    return { kind: 'input', outputId: to.refId, role: edge.role, sourceId: null };
  if (edge.role === 'fallback' && to.kind === 'output')
    return { kind: 'fallback', outputId: to.refId, mediaId: null };
  return null;
}
