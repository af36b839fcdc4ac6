/**
 * The one path from a committed change to the live plane (issue 29, item 1). Services never call an
 * engine: they send an event here, and whichever process runs the stream acts on it. On PGlite (one
 * process) the event goes to this process's live plane directly; on PostgreSQL it is a NOTIFY to every
 * server process (`stromwerk_live`, ids only; each process reads the rows it needs), and `send` resolves
 * once every listening process has received it (at most 2 s), so an API answer comes after the owner of
 * the stream was told. An API process (ROLE=api) has no live plane subscribed: it sends, and acknowledges.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { NotifyChannel, NotifyHandlers } from '../../db/notify-channel';
import type { EventBus } from '../../lib/events';

export type LiveEvent =
  /** A source's settings changed (recording, schedule, maintenance window, media, name…). */
  | { type: 'source-changed'; id: string }
  /** A source is gone: its encoder is disconnected and its key refused. */
  | { type: 'source-removed'; id: string; streamKey: string }
  /** A source has a new key: an encoder on the old one is disconnected. */
  | { type: 'key-rotated'; id: string; oldKey: string }
  /** A source went live or offline somewhere: the players showing it decide again. */
  | { type: 'source-state'; id: string }
  | { type: 'target-changed'; id: string }
  | { type: 'target-removed'; id: string }
  | { type: 'output-changed'; id: string }
  | { type: 'output-removed'; id: string }
  /** A player's program started showing something or stopped: targets fed by it follow. */
  | { type: 'program-changed'; id: string }
  /** A media changed (ready, deleted): players whose fallback or recording it is decide again. */
  | { type: 'media-changed'; id: string; recordingOf?: string }
  /** A recording paused: the processes that join recordings look for the next one due. */
  | { type: 'recordings-changed' }
  /** A corporation was blocked or unblocked. */
  | { type: 'corporation-changed'; id: string }
  /** A workspace or corporation was deleted: its sources went with it (a cascade, no event per source). */
  | { type: 'tenant-removed'; id: string };

export type LiveEventHandler = (event: LiveEvent) => Promise<void>;

export const LIVE_CHANNEL = 'stromwerk_live';

type Listen = <M>(channel: string, handlers: NotifyHandlers<M>) => NotifyChannel<M>;

export class LiveEvents {
  private readonly handlers = new Set<LiveEventHandler>();
  private readonly channel: NotifyChannel<LiveEvent> | undefined;

  constructor(
    listen: Listen | undefined,
    events: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = listen?.<LiveEvent>(LIVE_CHANNEL, {
      message: (e) => void this.deliver(e),
      listening: () => {},
    });
    // Changes announced on this process's bus that the live plane of every process must hear.
    events.onChange((e) => {
      if (e.type === 'corporation' && e.action === 'updated')
        void this.send({ type: 'corporation-changed', id: e.id });
      if ((e.type === 'corporation' || e.type === 'workspace') && e.action === 'deleted')
        void this.send({ type: 'tenant-removed', id: e.id });
      if (e.type === 'media' && e.action !== 'created') {
        const recordingOf = (e.data as { recordingOf?: string | null } | undefined)?.recordingOf ?? undefined;
        void this.send({ type: 'media-changed', id: e.id, ...(recordingOf ? { recordingOf } : {}) });
      }
    });
  }

  /** Every event, from any process (this one included); returns the unsubscribe. */
  subscribe(handler: LiveEventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async send(event: LiveEvent): Promise<void> {
    if (!this.channel) return this.deliver(event);
    await this.channel
      .publish(event)
      .catch((err) => this.log.warn({ err, event }, 'sending a live event failed'));
  }

  private async deliver(event: LiveEvent) {
    await Promise.all(
      [...this.handlers].map((h) =>
        h(event).catch((err) => this.log.warn({ err, event }, 'handling a live event failed')),
      ),
    );
  }

  async close() {
    this.handlers.clear();
    await this.channel?.close();
  }
}
