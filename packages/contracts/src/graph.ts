import { z } from 'zod';
import { failureCauseSchema } from './common';
import { GRAPH_MAX_PER_KIND, graphEdgeRoles, graphEdgeStates, graphNodeKinds } from './graph-state';
import { TARGET_TYPES } from './limits';
import { behaviourSchema, latencySchema, programInputSchema } from './outputs';
import { sourceStateSchema, sourceTypeSchema } from './sources';
import { streamInfoSchema } from './stream-info';
import { targetStateSchema } from './targets';
import { mediaStatuses } from './values';

export { GRAPH_MAX_PER_KIND, graphEdgeRoles, graphEdgeStates, graphNodeKinds };

/** Recordings newer than this are drawn under their recorder, at most RECENT_RECORDINGS_MAX each. */
export const RECENT_RECORDINGS_HOURS = 24;
export const RECENT_RECORDINGS_MAX = 3;

const nodeBase = {
  /** `{kind}:{refId}`, unique in the graph. */
  id: z.string(),
  /** The id of the source, output, target or media. */
  refId: z.uuid(),
  label: z.string(),
};

export const graphSourceNodeSchema = z.object({
  ...nodeBase,
  kind: z.literal('source'),
  state: sourceStateSchema,
  sourceType: sourceTypeSchema,
  streamInfo: streamInfoSchema.nullable(),
  recording: z.boolean(),
  lastError: z.string().nullable(),
  lastErrorCause: failureCauseSchema.nullable(),
});
export const graphOutputNodeSchema = z.object({
  ...nodeBase,
  kind: z.literal('output'),
  /** The program: what is on air. */
  state: programInputSchema,
  viewers: z.number().int(),
  /** Null when the player has no viewer limit. */
  viewerLimit: z.number().int().nullable(),
  latency: latencySchema,
  behaviour: behaviourSchema,
  recording: z.boolean(),
  playerUrl: z.string(),
});
export const graphTargetNodeSchema = z.object({
  ...nodeBase,
  kind: z.literal('target'),
  state: targetStateSchema,
  targetType: z.enum(TARGET_TYPES),
  enabled: z.boolean(),
  /** Attempts since the last start ("almost online, retry n"). */
  restarts: z.number().int(),
  onlineSince: z.string().nullable(),
  bitrateKbps: z.number().nullable(),
  lastError: z.string().nullable(),
  lastErrorCause: failureCauseSchema.nullable(),
});
export const graphMediaNodeSchema = z.object({
  ...nodeBase,
  kind: z.literal('media'),
  state: z.enum(mediaStatuses),
  durationMs: z.number().int().nullable(),
  /** When the media was made (ISO-8601); not named createdAt so the client keeps it a string. */
  addedAt: z.string(),
});
export const graphNodeSchema = z
  .discriminatedUnion('kind', [
    graphSourceNodeSchema,
    graphOutputNodeSchema,
    graphTargetNodeSchema,
    graphMediaNodeSchema,
  ])
  .meta({ id: 'GraphNode' });
export type GraphNode = z.infer<typeof graphNodeSchema>;
export type GraphSourceNode = z.infer<typeof graphSourceNodeSchema>;
export type GraphOutputNode = z.infer<typeof graphOutputNodeSchema>;
export type GraphTargetNode = z.infer<typeof graphTargetNodeSchema>;
export type GraphMediaNode = z.infer<typeof graphMediaNodeSchema>;

export const graphEdgeSchema = z
  .object({
    /** `{role}:{from}->{to}`. */
    id: z.string(),
    from: z.string(),
    to: z.string(),
    role: z.enum(graphEdgeRoles),
    state: z.enum(graphEdgeStates),
  })
  .meta({ id: 'GraphEdge' });
export type GraphEdge = z.infer<typeof graphEdgeSchema>;

export const workspaceGraphSchema = z
  .object({
    workspaceId: z.uuid(),
    corporationId: z.uuid(),
    nodes: z.array(graphNodeSchema),
    edges: z.array(graphEdgeSchema),
    /** The caller may rewire (write on the workspace). */
    canWrite: z.boolean(),
    /** More than GRAPH_MAX_PER_KIND rows of a kind: the graph shows the first ones by name. */
    truncated: z.boolean(),
  })
  .meta({ id: 'WorkspaceGraph' });
export type WorkspaceGraph = z.infer<typeof workspaceGraphSchema>;

/**
 * `watch` / `unwatch`: a random id per mounted view (the web app sends a UUID), so two open tabs do not
 * end each other's lease. It names no stored resource, so it is a token, not an id of the API.
 */
export const graphWatchQuerySchema = z.object({
  watcher: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - or _'),
});
