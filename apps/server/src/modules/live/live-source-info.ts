import type { Source } from '@stromwerk/contracts/sources';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/events';
import type { SourceRow, SourcesRepository } from '../sources/sources.repository';
import type { StreamInfosService } from '../stream-infos/stream-infos.service';
import type { Fence } from './lease-state';
import { probeStreamInfo } from './stream-probe';

/** What telling the world about a source's live state needs. */
export interface SourceNews {
  events: EventBus;
  present(row: SourceRow): Source;
  streamInfos: StreamInfosService;
  log: FastifyBaseLogger;
  /** Stored notification for the workspace's members: a stream began or ended. */
  notify(row: SourceRow, kind: 'stream-live' | 'stream-offline'): Promise<unknown>;
}

/** Tells the browsers a source's new live state (the notifications module publishes it). */
export function announceSource(news: Pick<SourceNews, 'events' | 'present'>, row: SourceRow) {
  news.events.changed({
    type: 'source',
    action: 'updated',
    id: row.id,
    corporationId: row.corporationId,
    workspaceId: row.workspaceId,
    data: news.present(row),
  });
}

/**
 * What a freshly published stream carries (ffprobe on the local ingest), written on the source and its
 * live session under the source's lease; a source no longer live or no longer ours is left alone.
 */
export async function probeLiveSource(
  news: SourceNews,
  repo: SourcesRepository,
  input: { url: string; id: string; sessionId: string; ffprobePath: string; fence: () => Fence | undefined },
) {
  try {
    const info = await probeStreamInfo(input.url, input.ffprobePath);
    const fence = input.fence();
    if (!fence) return;
    const updated = await repo.updateFenced(input.id, { streamInfo: info }, fence);
    if (!updated?.live) return;
    await news.streamInfos.setInfo(input.sessionId, info);
    announceSource(news, updated);
  } catch (e) {
    news.log.warn({ err: e, sourceId: input.id }, 'probing the live stream failed');
  }
}

/** A source written offline (its stream ended here, or its process died): session closed, told, notified. */
export async function streamEnded(news: SourceNews, row: SourceRow) {
  await news.streamInfos.close(row.id, new Date());
  announceSource(news, row);
  news.notify(row, 'stream-offline').catch((e) => news.log.warn(e, 'stream-offline notification failed'));
}
