/**
 * The flowchart's edge states (issue 16), derived from the states of the two ends. Zod-free so the browser
 * re-derives an edge after an MQTT patch with the same rule the server used for the first picture.
 */

/** How many rows of each kind the graph of one workspace shows; `truncated` says when there were more. */
export const GRAPH_MAX_PER_KIND = 500;

export const graphNodeKinds = ['source', 'output', 'target', 'media'] as const;
export type GraphNodeKind = (typeof graphNodeKinds)[number];
/** main/backup: source -> player; fallback: media -> player; feed: player or source -> target; record: -> recording. */
export const graphEdgeRoles = ['main', 'backup', 'fallback', 'feed', 'record'] as const;
export type GraphEdgeRole = (typeof graphEdgeRoles)[number];
/** flowing: data moves; standby: ready but not on air; idle: nothing to carry; connecting; failed. */
export const graphEdgeStates = ['flowing', 'standby', 'idle', 'connecting', 'failed'] as const;
export type GraphEdgeState = (typeof graphEdgeStates)[number];

/** The facts of an edge's ends that decide its state. */
export interface EdgeEnds {
  role: GraphEdgeRole;
  /** State of the `from` node (source state, program input, target state or media status). */
  from: string;
  /** State of the `to` node. */
  to: string;
  /** The `from` node reported an error (a source whose last start failed). */
  fromFailed?: boolean;
}

export function edgeState({ role, from, to, fromFailed }: EdgeEnds): GraphEdgeState {
  if (role === 'record') return 'idle';
  if (role === 'feed') {
    if (to === 'online') return 'flowing';
    if (to === 'almost-online') return 'connecting';
    if (to === 'not-connected') return 'failed';
    return 'idle';
  }
  if (role === 'fallback') return to === 'fallback' ? 'flowing' : 'standby';
  // main or backup: a live source carries when the program shows this input, else it waits on standby.
  if (from === 'live') return to === role ? 'flowing' : 'standby';
  return fromFailed ? 'failed' : 'idle';
}

/** States that count as a problem for the "only problems" filter. */
export function isProblem(kind: GraphNodeKind, state: string, failed = false): boolean {
  if (kind === 'target') return state === 'not-connected' || state === 'almost-online';
  if (kind === 'source') return failed && state !== 'live';
  if (kind === 'media') return state === 'failed';
  return false;
}
