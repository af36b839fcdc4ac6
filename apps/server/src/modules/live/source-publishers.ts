import { demoSource, reliveSource, srtIngestListener } from '@stromwerk/media/ffmpeg-args';
import type { StoredInput } from '@stromwerk/media/safe-input';
import { ProcessSupervisor } from '@stromwerk/media/supervisor';

export interface Publisher {
  supervisor: ProcessSupervisor;
  args: string[];
}

import type { SourceRow } from '../sources/sources.repository';

export interface PublisherContext {
  ffmpegPath: string;
  /** Address SRT listeners bind to: the server's HOST, so HOST=127.0.0.1 keeps every ingest local. */
  listenHost: string;
  /** RTMP URL of a key on our own ingest. */
  localUrl(key: string): string;
  /** How to read a media's file (safeInput), and whether it is already H.264/AAC (then copied). */
  mediaFile(mediaId: string): Promise<{ input: StoredInput; copyable: boolean } | null>;
}

/**
 * The processes that feed a source from inside Stromwerk: a generated demo picture, a re-live of a stored
 * media file, or the SRT listener that turns an SRT caller into an RTMP publish on our ingest.
 */
export async function publisherFor(row: SourceRow, ctx: PublisherContext): Promise<Publisher | null> {
  const output = ctx.localUrl(row.streamKey);
  let args: string[] | null = null;
  if (row.type === 'demo') args = demoSource({ output, label: row.name });
  if (row.type === 'relive' && row.mediaId) {
    const media = await ctx.mediaFile(row.mediaId);
    if (!media) return null;
    args = reliveSource({ input: media.input, loop: row.loop, output, transcode: !media.copyable });
  }
  if (row.type === 'srt' && row.srtPort) {
    args = srtIngestListener({
      host: ctx.listenHost,
      port: row.srtPort,
      passphrase: row.streamKey,
      latencyMs: 120,
      output,
    });
  }
  if (!args) return null;
  return { supervisor: new ProcessSupervisor({ command: ctx.ffmpegPath, label: `source ${row.id}` }), args };
}

/** Demo and re-live run when started now or once their scheduled start has come; SRT listens whenever it exists. */
export function shouldPublish(row: SourceRow, now = new Date()): boolean {
  if (row.type === 'rtmp') return false;
  if (row.maintenanceStart && row.maintenanceEnd && row.maintenanceStart <= now && now < row.maintenanceEnd)
    return false;
  if (row.type === 'srt') return true;
  if (row.scheduledStart) return row.scheduledStart <= now;
  return row.startNow;
}

/**
 * The publisher processes of this process's sources. In a cluster a source's publisher runs only in the
 * process holding the source's lease (issue 19, fault 5): one demo encoder, one SRT listener per port.
 */
export class LivePublishers {
  private readonly running = new Map<string, { supervisor: ProcessSupervisor; signature: string }>();

  constructor(
    private readonly ctx: PublisherContext,
    private readonly claim: (sourceId: string) => Promise<boolean>,
  ) {}

  has(sourceId: string) {
    return this.running.has(sourceId);
  }

  /** Starts, restarts (changed settings) or stops the source's publisher as its row says. */
  async reconcile(row: SourceRow, allowed: boolean) {
    const want = allowed && shouldPublish(row);
    const signature = [row.type, row.streamKey, row.mediaId, row.loop, row.srtPort, row.name].join('|');
    const current = this.running.get(row.id);
    if (current && (!want || current.signature !== signature)) await this.stop(row.id);
    if (!want || this.running.has(row.id)) return;
    if (!(await this.claim(row.id)) || this.running.has(row.id)) return;
    const publisher = await publisherFor(row, this.ctx);
    if (!publisher || this.running.has(row.id)) return;
    this.running.set(row.id, { supervisor: publisher.supervisor, signature });
    publisher.supervisor.start(publisher.args);
  }

  async stop(sourceId: string) {
    const p = this.running.get(sourceId);
    this.running.delete(sourceId);
    await p?.supervisor.stop();
  }

  /**
   * Stops the publishers of sources that no longer exist: a source deleted with its workspace or
   * corporation (a cascade in the database) gets no `sourceRemoved` call. Returns their ids.
   */
  async stopGone(existing: ReadonlySet<string>): Promise<string[]> {
    const gone = [...this.running.keys()].filter((id) => !existing.has(id));
    await Promise.all(gone.map((id) => this.stop(id)));
    return gone;
  }

  async stopAll() {
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
  }
}
