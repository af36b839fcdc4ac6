import {
  demoSource,
  reliveSource,
  SRT_CALLER_PICTURE,
  srtIngestListener,
} from '@stromwerk/media/ffmpeg-args';
import type { StoredInput } from '@stromwerk/media/safe-input';
import type { FfmpegCommand } from '@stromwerk/media/secret-pipes';
import { ProcessSupervisor } from '@stromwerk/media/supervisor';

export interface Publisher {
  supervisor: ProcessSupervisor;
  command: FfmpegCommand;
}

import type { SourceRow } from '../sources/sources.repository';

export interface PublisherContext {
  ffmpegPath: string;
  /** Address SRT listeners bind to: the server's HOST, so HOST=127.0.0.1 keeps every ingest local. */
  listenHost: string;
  /** RTMP URL a key is published at on our own ingest (the builders pass the key on a pipe). */
  publishUrl(key: string): string;
  /** How to read a media's file (safeInput), and whether it is already H.264/AAC (then copied). */
  mediaFile(mediaId: string): Promise<{ input: StoredInput; copyable: boolean } | null>;
  /** A publisher failed for a reason the source's owner can act on (see publisherFailure). */
  failed?(sourceId: string, reason: string): void;
  /**
   * An SRT caller (its passphrase is the key) sent its first H.264 picture: live from here, not only once
   * the listener has probed its audio too and pushed to the ingest (0.3-0.5 s later), since an RTMP
   * encoder is live at its publish, before its first picture (issue 30 item 5).
   */
  callerConnected?(sourceId: string, key: string): void;
  /** That caller's listener ended (the caller left, or its stream was refused). */
  callerGone?(sourceId: string, key: string): void;
}

/**
 * What a publisher's failure tells the source's owner, or null when it is nothing they can act on (a
 * caller that left, a time-out: the listener waits for the next one). An SRT caller sending video that
 * RTMP's FLV cannot carry (HEVC, VP9, AV1) is refused by the listener's remux: said so, naming what
 * is accepted (issue 30 item 5). The words match failure-cause.ts's `codec-not-accepted`.
 */
export function publisherFailure(reason: string): string | null {
  const codec = reason.match(/^Codec (\w+) not accepted by/)?.[1];
  if (codec) return `Codec ${codec} not accepted: send H.264 video with AAC or MP3 audio`;
  if (reason === 'Codec not accepted by the receiver format')
    return 'Codec not accepted: send H.264 video with AAC or MP3 audio';
  return null;
}

/**
 * The processes that feed a source from inside Stromwerk: a generated demo picture, a re-live of a stored
 * media file, or the SRT listener that turns an SRT caller into an RTMP publish on our ingest.
 */
export async function publisherFor(row: SourceRow, ctx: PublisherContext): Promise<Publisher | null> {
  const output = ctx.publishUrl(row.streamKey);
  let args: FfmpegCommand | null = null;
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
  // An SRT listener ends with every caller that leaves, which is normal: it listens again at once rather
  // than backing off for up to 30 s while the encoder's reconnects are refused (issue 30 item 5).
  const retry = row.type === 'srt' ? { backoffInitialMs: 200, backoffMaxMs: 2000 } : {};
  const supervisor = new ProcessSupervisor({ command: ctx.ffmpegPath, label: `source ${row.id}`, ...retry });
  return { supervisor, command: args };
}

/**
 * Demo and re-live run when started now or once their scheduled start has come; SRT listens whenever it
 * exists. RTMP and WHIP sources have no process of ours: their encoder publishes.
 */
export function shouldPublish(row: SourceRow, now = new Date()): boolean {
  if (row.type === 'rtmp' || row.type === 'whip') return false;
  if (row.maintenanceStart && row.maintenanceEnd && row.maintenanceStart <= now && now < row.maintenanceEnd)
    return false;
  if (row.type === 'srt') return true;
  if (row.scheduledStart) return row.scheduledStart <= now;
  return row.startNow;
}

/** Which settings make a running publisher process start again when they change. */
const signatureOf = (row: SourceRow) =>
  [row.type, row.streamKey, row.mediaId, row.loop, row.srtPort, row.name].join('|');

/**
 * The publisher processes of this process's sources. The session machine starts one only under the
 * source's lease (issue 19, fault 5: one demo encoder, one SRT listener per port in the cluster).
 */
export class LivePublishers {
  private readonly running = new Map<string, { supervisor: ProcessSupervisor; signature: string }>();

  constructor(private readonly ctx: PublisherContext) {}

  has(sourceId: string) {
    return this.running.has(sourceId);
  }

  async start(row: SourceRow) {
    if (this.running.has(row.id)) return;
    const publisher = await publisherFor(row, this.ctx);
    if (!publisher || this.running.has(row.id)) return;
    this.running.set(row.id, { supervisor: publisher.supervisor, signature: signatureOf(row) });
    publisher.supervisor.on('lastError', (reason) => {
      const shown = publisherFailure(reason);
      if (shown) this.ctx.failed?.(row.id, shown);
    });
    if (row.type === 'srt') this.watchCaller(row.id, row.streamKey, publisher.supervisor);
    publisher.supervisor.start(publisher.command);
  }

  /** The caller's first picture starts its session; the listener's end (one per caller) ends it. */
  private watchCaller(sourceId: string, key: string, supervisor: ProcessSupervisor) {
    let partial = '';
    let calling = false;
    supervisor.on('stderr', (chunk) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!.slice(-1000);
      if (!calling && lines.some((l) => SRT_CALLER_PICTURE.test(l))) {
        calling = true;
        this.ctx.callerConnected?.(sourceId, key);
      }
    });
    supervisor.on('exit', () => {
      partial = '';
      if (!calling) return;
      calling = false;
      this.ctx.callerGone?.(sourceId, key);
    });
  }

  /** A running publisher whose settings changed (another media, port, name) starts again with them. */
  async restartIfChanged(row: SourceRow) {
    const current = this.running.get(row.id);
    if (!current || current.signature === signatureOf(row)) return;
    await this.stop(row.id);
    await this.start(row);
  }

  async stop(sourceId: string) {
    const p = this.running.get(sourceId);
    this.running.delete(sourceId);
    await p?.supervisor.stop();
  }

  async stopAll() {
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
  }
}
