import type { FastifyBaseLogger } from 'fastify';
import type { NotifyChannel, NotifyHandlers } from '../../db/notify-channel';
import type { EventBus } from '../../lib/events';
import type { OutputsRepository } from '../outputs/outputs.repository';
import type { OutputControl } from '../outputs/outputs.service';
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
  | { op: 'corporation'; id: string }
  | { op: 'output'; id: string }
  | { op: 'output-removed'; id: string };

export const LIVE_CHANNEL = 'stromwerk_live';

const noControl: LiveControl = {
  sourceChanged: async () => {},
  sourceRemoved: async () => {},
  targetChanged: async () => {},
  targetRemoved: async () => {},
};

/**
 * Control that reaches the encoder whichever process it is connected to (issue 19, fault 4). On
 * PostgreSQL the services' changes (rotate key, delete, block, stop, target edits) are sent to every
 * process over LISTEN/NOTIFY and each engine applies them to what it runs: the process holding the
 * encoder disconnects it. `publish` resolves when every listening process has received the message (or
 * after 2 s), so an API answer comes after the owner was told. PGlite is one process: the engine directly.
 */
export function clusterControl(
  engine: LiveEngine | undefined,
  listen: (<M>(channel: string, handlers: NotifyHandlers<M>) => NotifyChannel<M>) | undefined,
  deps: {
    sources: SourcesRepository;
    targets: TargetsRepository;
    outputs: OutputsRepository;
    /** This process's program engine, told about player changes made through an API process. */
    programs: () => OutputControl | undefined;
    events: EventBus;
    log: FastifyBaseLogger;
  },
): {
  control: LiveControl;
  close(): Promise<void>;
  handOver(sourceIds: string[]): Promise<void>;
  /** An API process's player change: the media processes decide the player at once (not at their tick). */
  outputChanged(id: string): Promise<void>;
  /** Sent before the row is deleted: the writer stops and the player's files go. */
  outputRemoved(id: string): Promise<void>;
} {
  const none = async () => {};
  if (!listen) {
    if (!engine)
      return { control: noControl, close: none, handOver: none, outputChanged: none, outputRemoved: none };
    deps.events.onChange((e) => {
      if (e.type === 'corporation' && e.action === 'updated') void engine.corporationChanged(e.id);
    });
    return { control: engine, close: none, handOver: none, outputChanged: none, outputRemoved: none };
  }
  const apply = async (m: LiveMessage) => {
    // An API process (ROLE=api) runs nothing live: it only sends, and acknowledges what it receives.
    if (!engine) return;
    if (m.op === 'source') {
      const row = await deps.sources.byId(m.id);
      if (row) await engine.sourceChanged(row);
    } else if (m.op === 'source-removed') await engine.sourceRemoved(m);
    else if (m.op === 'target') {
      const row = await deps.targets.byId(m.id);
      await (row ? engine.targetChanged(row) : engine.targetRemoved(m.id));
    } else if (m.op === 'target-removed') await engine.targetRemoved(m.id);
    else if (m.op === 'corporation') await engine.corporationChanged(m.id);
    else if (m.op === 'output') {
      const row = await deps.outputs.byId(m.id);
      await (row ? deps.programs()?.outputChanged(row) : deps.programs()?.outputRemoved(m.id));
    } else if (m.op === 'output-removed') await deps.programs()?.outputRemoved(m.id);
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
    outputChanged: (id) => send({ op: 'output', id }),
    outputRemoved: (id) => send({ op: 'output-removed', id }),
  };
}
