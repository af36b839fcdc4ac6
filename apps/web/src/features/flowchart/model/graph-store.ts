/**
 * The flowchart's live store (design §6): the graph's nodes by id, patched by MQTT messages, read by each
 * node and edge component through `useLiveNode`. React Flow's own node array holds only ids and
 * positions, so a state change re-renders the one node (and its edges) it concerns, not the chart.
 * State: a Map of nodes replaced on every fetch of the graph, listeners per node id and for any change.
 */
import type { GraphNode, WorkspaceGraph } from '@stromwerk/contracts/graph';
import { useSyncExternalStore } from 'react';
import { StatsSeries } from './stats-series';

type Listener = () => void;

export class GraphStore {
  private nodes = new Map<string, GraphNode>();
  private readonly byId = new Map<string, Set<Listener>>();
  private readonly any = new Set<Listener>();
  /** The last 60 s of bitrate per source and target, while the chart is watched. */
  readonly stats = new StatsSeries();
  /** Bumped on every change; the snapshot of listeners to the whole graph. */
  version = 0;

  /** The first picture, during a render: nothing to tell yet (useSyncExternalStore reads it on commit). */
  seed(graph: Pick<WorkspaceGraph, 'nodes'>) {
    this.nodes = new Map(graph.nodes.map((n) => [n.id, n]));
    this.version += 1;
  }

  replace(graph: Pick<WorkspaceGraph, 'nodes'>) {
    this.nodes = new Map(graph.nodes.map((n) => [n.id, n]));
    this.version += 1;
    for (const set of this.byId.values()) for (const l of set) l();
    for (const l of this.any) l();
  }

  get(id: string): GraphNode | undefined {
    return this.nodes.get(id);
  }

  all(): GraphNode[] {
    return [...this.nodes.values()];
  }

  /** Finds a node by the entity id a topic names. */
  byRef(refId: string): GraphNode | undefined {
    for (const kind of ['source', 'output', 'target', 'media'] as const) {
      const n = this.nodes.get(`${kind}:${refId}`);
      if (n) return n;
    }
    return undefined;
  }

  /** Merges `changes` into one node; false when the graph has no such node. */
  patch(id: string, changes: Partial<GraphNode>): boolean {
    const prev = this.nodes.get(id);
    if (!prev) return false;
    this.nodes.set(id, { ...prev, ...changes } as GraphNode);
    this.version += 1;
    for (const l of this.byId.get(id) ?? []) l();
    for (const l of this.any) l();
    return true;
  }

  subscribe(id: string, listener: Listener): () => void {
    let set = this.byId.get(id);
    if (!set) {
      set = new Set();
      this.byId.set(id, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  subscribeAll(listener: Listener): () => void {
    this.any.add(listener);
    return () => this.any.delete(listener);
  }
}

export function useLiveNode(store: GraphStore, id: string): GraphNode | undefined {
  return useSyncExternalStore(
    (l) => store.subscribe(id, l),
    () => store.get(id),
  );
}

/** A value computed from the whole graph; re-renders only when the computed string changes. */
export function useGraphDerived(store: GraphStore, compute: (store: GraphStore) => string): string {
  return useSyncExternalStore(
    (l) => store.subscribeAll(l),
    () => compute(store),
  );
}
