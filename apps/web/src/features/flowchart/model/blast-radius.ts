import type { GraphEdge, GraphNode } from '@stromwerk/contracts/graph';

export interface BlastRadius {
  /** Every node fed, directly or not, by the selected one (recordings left out: they are history). */
  ids: Set<string>;
  outputs: number;
  targets: number;
}

/** What stops when `id` stops (issue 16 "blast radius"): everything downstream along feeding edges. */
export function blastRadius(
  id: string,
  edges: readonly Pick<GraphEdge, 'from' | 'to' | 'role'>[],
  kindOf: (id: string) => GraphNode['kind'] | undefined,
): BlastRadius {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (e.role === 'record') continue;
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  }
  const ids = new Set<string>();
  const queue = [...(next.get(id) ?? [])];
  while (queue.length) {
    const n = queue.shift()!;
    if (ids.has(n) || n === id) continue;
    ids.add(n);
    queue.push(...(next.get(n) ?? []));
  }
  let outputs = 0;
  let targets = 0;
  for (const n of ids) {
    const kind = kindOf(n);
    if (kind === 'output') outputs += 1;
    if (kind === 'target') targets += 1;
  }
  return { ids, outputs, targets };
}
