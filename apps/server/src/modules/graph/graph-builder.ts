import {
  type GraphEdge,
  type GraphNode,
  RECENT_RECORDINGS_HOURS,
  RECENT_RECORDINGS_MAX,
  type WorkspaceGraph,
} from '@stromwerk/contracts/graph';
import { edgeState, type GraphEdgeRole } from '@stromwerk/contracts/graph-state';
import type { MediaOrigin } from '@stromwerk/contracts/medias';
import type { Output } from '@stromwerk/contracts/outputs';
import type { Source } from '@stromwerk/contracts/sources';
import type { Target } from '@stromwerk/contracts/targets';

type SourceIn = Pick<
  Source,
  'id' | 'name' | 'type' | 'state' | 'streamInfo' | 'recording' | 'lastError' | 'lastErrorCause'
>;
type OutputIn = Pick<
  Output,
  | 'id'
  | 'name'
  | 'input'
  | 'mainSourceId'
  | 'backupSourceId'
  | 'fallbackMediaId'
  | 'latency'
  | 'behaviour'
  | 'recording'
  | 'viewerLimitEnabled'
  | 'viewerLimit'
  | 'playerUrl'
> & { viewers: number };
type TargetIn = Pick<
  Target,
  | 'id'
  | 'name'
  | 'type'
  | 'enabled'
  | 'sourceId'
  | 'outputId'
  | 'state'
  | 'restarts'
  | 'onlineSince'
  | 'bitrateKbps'
  | 'lastError'
  | 'lastErrorCause'
>;
export interface MediaIn {
  id: string;
  name: string;
  status: 'processing' | 'ready' | 'failed';
  durationMs: number | null;
  createdAt: string;
  origin: MediaOrigin;
  originId: string | null;
}

export interface GraphInput {
  sources: SourceIn[];
  outputs: OutputIn[];
  targets: TargetIn[];
  /** Fallback medias of the players and the workspace's newest recordings. */
  medias: MediaIn[];
  now: Date;
}

export const nodeId = (kind: GraphNode['kind'], refId: string) => `${kind}:${refId}`;

const mediaNode = (m: MediaIn): GraphNode => ({
  id: nodeId('media', m.id),
  refId: m.id,
  kind: 'media',
  label: m.name,
  state: m.status,
  durationMs: m.durationMs,
  addedAt: m.createdAt,
});

/**
 * The workspace's wiring as nodes and edges (issue 16), from the entities alone: source -> player
 * (main, backup), fallback media -> player, player or source -> target, recorder -> recent recordings.
 * Pure, so the picture the API gives is tested without a database. Edges to rows that are not in the
 * input (a truncated graph) are left out.
 */
export function buildGraph(input: GraphInput): Pick<WorkspaceGraph, 'nodes' | 'edges'> {
  const nodes: GraphNode[] = [];
  const byId = new Map<string, GraphNode>();
  const add = (node: GraphNode) => {
    if (byId.has(node.id)) return;
    byId.set(node.id, node);
    nodes.push(node);
  };
  for (const s of input.sources)
    add({
      id: nodeId('source', s.id),
      refId: s.id,
      kind: 'source',
      label: s.name,
      state: s.state,
      sourceType: s.type,
      streamInfo: s.streamInfo,
      recording: s.recording,
      lastError: s.lastError,
      lastErrorCause: s.lastErrorCause,
    });
  for (const o of input.outputs)
    add({
      id: nodeId('output', o.id),
      refId: o.id,
      kind: 'output',
      label: o.name,
      state: o.input,
      viewers: o.viewers,
      viewerLimit: o.viewerLimitEnabled ? o.viewerLimit : null,
      latency: o.latency,
      behaviour: o.behaviour,
      recording: o.recording,
      playerUrl: o.playerUrl,
    });
  for (const t of input.targets)
    add({
      id: nodeId('target', t.id),
      refId: t.id,
      kind: 'target',
      label: t.name,
      state: t.state,
      targetType: t.type,
      enabled: t.enabled,
      restarts: t.restarts,
      onlineSince: t.onlineSince,
      bitrateKbps: t.bitrateKbps,
      lastError: t.lastError,
      lastErrorCause: t.lastErrorCause,
    });

  const fallbackIds = new Set(input.outputs.map((o) => o.fallbackMediaId).filter((id) => id !== null));
  for (const m of input.medias) if (fallbackIds.has(m.id)) add(mediaNode(m));

  const edges: GraphEdge[] = [];
  const link = (role: GraphEdgeRole, from: string, to: string) => {
    const a = byId.get(from);
    const b = byId.get(to);
    if (!a || !b) return;
    const fromFailed = a.kind === 'source' && a.lastError !== null;
    edges.push({
      id: `${role}:${from}->${to}`,
      from,
      to,
      role,
      state: edgeState({ role, from: a.state, to: b.state, fromFailed }),
    });
  };
  for (const o of input.outputs) {
    const to = nodeId('output', o.id);
    if (o.mainSourceId) link('main', nodeId('source', o.mainSourceId), to);
    if (o.backupSourceId) link('backup', nodeId('source', o.backupSourceId), to);
    if (o.fallbackMediaId) link('fallback', nodeId('media', o.fallbackMediaId), to);
  }
  for (const t of input.targets) {
    const to = nodeId('target', t.id);
    if (t.outputId) link('feed', nodeId('output', t.outputId), to);
    else if (t.sourceId) link('feed', nodeId('source', t.sourceId), to);
  }
  addRecordings(input, add, link);
  return { nodes, edges };
}

/** The newest recordings of the last RECENT_RECORDINGS_HOURS, at most RECENT_RECORDINGS_MAX per recorder. */
function addRecordings(
  input: GraphInput,
  add: (node: GraphNode) => void,
  link: (role: GraphEdgeRole, from: string, to: string) => void,
) {
  const since = input.now.getTime() - RECENT_RECORDINGS_HOURS * 3_600_000;
  const owners = new Map<string, string>();
  for (const s of input.sources) owners.set(s.id, nodeId('source', s.id));
  for (const o of input.outputs) owners.set(o.id, nodeId('output', o.id));
  const perOwner = new Map<string, number>();
  const recordings = input.medias
    .filter((m) => m.origin === 'recording' && m.originId && Date.parse(m.createdAt) >= since)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const m of recordings) {
    const owner = owners.get(m.originId!);
    const n = perOwner.get(m.originId!) ?? 0;
    if (!owner || n >= RECENT_RECORDINGS_MAX) continue;
    perOwner.set(m.originId!, n + 1);
    add(mediaNode(m));
    link('record', owner, nodeId('media', m.id));
  }
}
