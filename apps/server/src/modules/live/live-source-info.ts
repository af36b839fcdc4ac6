import type { SourceRow } from '../sources/sources.repository';
import type { Fence } from './leases.repository';
import type { LiveEngineDeps } from './live-engine-deps';
import { probeStreamInfo } from './stream-probe';

type Deps = Pick<LiveEngineDeps, 'events' | 'sources' | 'streamInfos' | 'config' | 'log' | 'notify'>;

/** Tells the browsers a source's new live state (the notifications module publishes it). */
export function announceSource(deps: Pick<Deps, 'events' | 'sources'>, row: SourceRow) {
  deps.events.changed({
    type: 'source',
    action: 'updated',
    id: row.id,
    corporationId: row.corporationId,
    workspaceId: row.workspaceId,
    data: deps.sources.present(row),
  });
}

/**
 * What a freshly published stream carries (ffprobe on the local ingest), written on the source and its
 * live session under the source's lease; a source no longer live or no longer ours is left alone.
 */
export async function probeLiveSource(
  deps: Deps,
  input: { url: string; row: SourceRow; sessionId: string; fence: () => Fence | undefined },
) {
  try {
    const info = await probeStreamInfo(input.url, deps.config.ffprobePath);
    const fence = input.fence();
    const current = await deps.sources.repo.byId(input.row.id);
    if (!current?.live || !fence) return;
    const updated = await deps.sources.repo.updateFenced(input.row.id, { streamInfo: info }, fence);
    if (!updated) return;
    await deps.streamInfos.setInfo(input.sessionId, info);
    announceSource(deps, updated);
  } catch (e) {
    deps.log.warn({ err: e, sourceId: input.row.id }, 'probing the live stream failed');
  }
}

/** A source written offline (its stream ended here, or its process died): session closed, told, notified. */
export async function streamEnded(deps: Omit<Deps, 'config'>, row: SourceRow) {
  await deps.streamInfos.close(row.id, new Date());
  announceSource(deps, row);
  deps.notify(row, 'stream-offline').catch((e) => deps.log.warn(e, 'stream-offline notification failed'));
}
