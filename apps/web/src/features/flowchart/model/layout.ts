import dagre from '@dagrejs/dagre';
import type { GraphEdge, GraphNode } from '@stromwerk/contracts/graph';

export const NODE_WIDTH = 232;
export const NODE_HEIGHT = 88;

export interface Point {
  x: number;
  y: number;
}

/**
 * Positions for the chart: dagre's left-to-right layers (sources, players, targets, recordings; it routes
 * an edge that skips a layer around the nodes between), then the positions the user dragged and the ones
 * nodes already had on screen, which win. A refetch after a rewire thus moves nothing that was there.
 */
export function layoutGraph(
  nodes: readonly Pick<GraphNode, 'id' | 'kind'>[],
  edges: readonly Pick<GraphEdge, 'from' | 'to'>[],
  keep: ReadonlyMap<string, Point> = new Map(),
): Map<string, Point> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 28, ranksep: 110, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(nodes.map((n) => n.id));
  const drawn = edges.filter((e) => ids.has(e.from) && ids.has(e.to));
  const connected = new Set(drawn.flatMap((e) => [e.from, e.to]));
  for (const id of connected) g.setNode(id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of drawn) g.setEdge(e.from, e.to);
  dagre.layout(g);
  const laid = new Map<string, Point>();
  for (const n of nodes) {
    if (!connected.has(n.id)) continue;
    const p = g.node(n.id);
    // dagre gives centres; React Flow places by the top-left corner.
    laid.set(n.id, { x: Math.round(p.x - NODE_WIDTH / 2), y: Math.round(p.y - NODE_HEIGHT / 2) });
  }
  placeUnconnected(nodes, laid);
  const out = new Map<string, Point>();
  for (const n of nodes) out.set(n.id, keep.get(n.id) ?? laid.get(n.id)!);
  return out;
}

const COLUMN = { source: 0, output: 1, target: 2, media: 3 } as const;

/**
 * dagre puts a node without edges in its first layer; a target nobody feeds belongs with the targets.
 * Unconnected nodes go below their kind's column (its left-most x, or where the kind's layer would be).
 */
function placeUnconnected(nodes: readonly Pick<GraphNode, 'id' | 'kind'>[], laid: Map<string, Point>) {
  const step = NODE_WIDTH + 110;
  const bottom = Math.max(16 - NODE_HEIGHT - 28, ...[...laid.values()].map((p) => p.y));
  const columnX = new Map<GraphNode['kind'], number>();
  for (const n of nodes) {
    const p = laid.get(n.id);
    if (p) columnX.set(n.kind, Math.min(columnX.get(n.kind) ?? Number.POSITIVE_INFINITY, p.x));
  }
  const nextY = new Map<number, number>();
  for (const n of nodes) {
    if (laid.has(n.id)) continue;
    const x = columnX.get(n.kind) ?? 16 + COLUMN[n.kind] * step;
    const y = nextY.get(x) ?? bottom + NODE_HEIGHT + 28;
    laid.set(n.id, { x, y });
    nextY.set(x, y + NODE_HEIGHT + 28);
  }
}
