import { GRAPH_MAX_PER_KIND, type WorkspaceGraph } from '@stromwerk/contracts/graph';
import type { MediaOrigin } from '@stromwerk/contracts/medias';
import { iso } from '../../lib/dates';
import { grants } from '../../lib/permissions';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import type { MediaRow, MediasRepository } from '../medias/medias.repository';
import type { OutputsService } from '../outputs/outputs.service';
import { type SourcesRepository, toSource } from '../sources/sources.repository';
import { type TargetsRepository, toTarget } from '../targets/targets.repository';
import { buildGraph, type MediaIn } from './graph-builder';
import type { LiveStats } from './live-stats';

/** Recordings read to find each recorder's newest ones; the builder keeps those of the last 24 h. */
const RECORDINGS_READ = 200;

const mediaIn = (row: MediaRow): MediaIn => ({
  id: row.id,
  name: row.name,
  status: row.status as MediaIn['status'],
  durationMs: row.durationMs,
  createdAt: iso(row.createdAt),
  origin: row.origin as MediaOrigin,
  originId: row.originId,
});

/**
 * The Flowchart's picture of a workspace (issue 16), read through the existing repositories and the live
 * state they hold (source live flag and stream info, program input, target state), plus each player's
 * viewer count (`outputs.viewers`: the cluster's on PostgreSQL). Nothing new is stored: the graph is
 * derived on every request.
 */
export class GraphService {
  constructor(
    private readonly access: AccessService,
    private readonly sources: SourcesRepository,
    private readonly outputs: OutputsService,
    private readonly targets: TargetsRepository,
    private readonly medias: MediasRepository,
    readonly stats: LiveStats,
  ) {}

  /** Takes or renews the caller's lease on the workspace's live stats (see `LiveStats`). */
  async watch(actor: Actor, workspaceId: string, watcher: string) {
    const { workspace } = await this.access.workspace(actor, workspaceId, 'read');
    this.stats.watch(workspace, `${actor.user.id}:${watcher}`);
  }

  async unwatch(actor: Actor, workspaceId: string, watcher: string) {
    await this.access.workspace(actor, workspaceId, 'read');
    this.stats.unwatch(workspaceId, `${actor.user.id}:${watcher}`);
  }

  async ofWorkspace(actor: Actor, workspaceId: string): Promise<WorkspaceGraph> {
    const { workspace, permissions } = await this.access.workspace(actor, workspaceId, 'read');
    const canWrite = grants(permissions, 'write');
    const page = { workspaceId, limit: GRAPH_MAX_PER_KIND, offset: 0 };
    const [sources, outputs, targets, recordings] = await Promise.all([
      this.sources.list(page, undefined),
      this.outputs.repo.list(page, undefined),
      this.targets.list(page, undefined),
      this.medias.list(
        { ...page, limit: RECORDINGS_READ, origin: 'recording', sort: 'createdAt', order: 'desc' },
        undefined,
      ),
    ]);
    const fallbackIds = [
      ...new Set(outputs.rows.map((o) => o.settings.fallbackMediaId).filter((id) => id !== null)),
    ];
    // One grouped count for every player: the viewers of the whole cluster, not of this process.
    const [fallbacks, viewers] = await Promise.all([
      this.medias.byIdsIn(workspaceId, fallbackIds),
      this.outputs.viewers.counts(outputs.rows.map((r) => r.id)),
    ]);
    const { nodes, edges } = buildGraph({
      sources: sources.rows.map((r) => toSource(r, null)),
      outputs: outputs.rows.map((r) => ({
        ...this.outputs.present(r),
        viewers: viewers.get(r.id) ?? 0,
      })),
      targets: targets.rows.map((r) => toTarget(r, canWrite)),
      medias: [...fallbacks, ...recordings.rows].map(mediaIn),
      now: new Date(),
    });
    const truncated = [sources, outputs, targets].some((p) => p.total > GRAPH_MAX_PER_KIND);
    return {
      workspaceId,
      corporationId: workspace.corporationId,
      nodes,
      edges,
      canWrite,
      truncated,
    };
  }
}
