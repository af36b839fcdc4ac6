import type { FastifyBaseLogger } from 'fastify';
import type { NotifyChannel, NotifyHandlers } from '../../db/notify-channel';
import type { EventBus } from '../../lib/events';
import type { SourceRow, SourcesRepository } from '../sources/sources.repository';
import type { TargetRow, TargetsRepository } from '../targets/targets.repository';
import type { LiveControl } from './live-control';
import type { LiveEngine } from './live-engine';

/** What travels between the server processes: ids only; each process reads the rows it needs itself. */
export type LiveMessage =
  | { op: 'source'; id: string }
  | { op: 'source-removed'; id: string; streamKey: string }
  | { op: 'target'; id: string }
  | { op: 'target-removed'; id: string }
  | { op: 'corporation'; id: string };

export const LIVE_CHANNEL = 'stromwerk_live';

/**
 * Control that reaches the encoder whichever process it is connected to (issue 19, fault 4). On
 * PostgreSQL the services' changes (rotate key, delete, block, stop, target edits) are sent to every
 * process over LISTEN/NOTIFY and each engine applies them to what it runs: the process holding the
 * encoder disconnects it. `publish` resolves when every listening process has received the message (or
 * after 2 s), so an API answer comes after the owner was told. PGlite is one process: the engine directly.
 */
export function clusterControl(
  engine: LiveEngine,
  listen: (<M>(channel: string, handlers: NotifyHandlers<M>) => NotifyChannel<M>) | undefined,
  deps: { sources: SourcesRepository; targets: TargetsRepository; events: EventBus; log: FastifyBaseLogger },
): { control: LiveControl; close(): Promise<void>; handOver(sourceIds: string[]): Promise<void> } {
  if (!listen) {
    deps.events.onChange((e) => {
      if (e.type === 'corporation' && e.action === 'updated') void engine.corporationChanged(e.id);
    });
    return { control: engine, close: async () => {}, handOver: async () => {} };
  }
  const apply = async (m: LiveMessage) => {
    if (m.op === 'source') {
      const row = await deps.sources.byId(m.id);
      if (row) await engine.sourceChanged(row);
    } else if (m.op === 'source-removed') await engine.sourceRemoved(m);
    else if (m.op === 'target') {
      const row = await deps.targets.byId(m.id);
      await (row ? engine.targetChanged(row) : engine.targetRemoved(m.id));
    } else if (m.op === 'target-removed') await engine.targetRemoved(m.id);
    else if (m.op === 'corporation') await engine.corporationChanged(m.id);
  };
  const channel = listen<LiveMessage>(LIVE_CHANNEL, {
    message: (m) => void apply(m).catch((err) => deps.log.warn({ err, message: m }, 'live control failed')),
    listening: () => {},
  });
  const send = (m: LiveMessage) =>
    channel.publish(m).catch((err) => deps.log.warn({ err, message: m }, 'sending live control failed'));
  deps.events.onChange((e) => {
    if (e.type === 'corporation' && e.action === 'updated') void send({ op: 'corporation', id: e.id });
  });
  const control: LiveControl = {
    sourceChanged: (row: SourceRow) => send({ op: 'source', id: row.id }),
    sourceRemoved: (row: SourceRow) => send({ op: 'source-removed', id: row.id, streamKey: row.streamKey }),
    targetChanged: (row: TargetRow) => send({ op: 'target', id: row.id }),
    targetRemoved: (id: string) => send({ op: 'target-removed', id }),
  };
  return {
    control,
    close: () => channel.close(),
    // A stopping process tells the others about the sources it ran (demo, re-live, SRT): one of them
    // claims each and starts its publisher now instead of at its next 5 s reconcile (rolling restarts).
    async handOver(sourceIds) {
      for (const id of sourceIds) await send({ op: 'source', id });
    },
  };
}
