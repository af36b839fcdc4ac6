/**
 * A player's quality ladder as its program writer needs it (issue 34): the rungs planned from the
 * setting and what the main source's probe saw (so no rung is above the source), and the multivariant
 * playlist's facts, in every latency (low: one LL-HLS packager per rung).
 */
import type { OutputSettings } from '@stromwerk/contracts/outputs';
import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import type { LadderEncoding } from '@stromwerk/media/abr-args';
import { type LadderSource, type PlannedRung, planLadder } from '@stromwerk/media/abr-ladder';
import type { VodLadder } from './vod-packager';

export interface ProgramLadder {
  rungs: PlannedRung[];
  source: LadderSource;
}

export function programLadder(
  settings: Pick<OutputSettings, 'latency'> & { ladder?: OutputSettings['ladder'] },
  info: StreamInfo | null | undefined,
): ProgramLadder {
  const video = info?.video;
  const source: LadderSource = {
    width: video?.width,
    height: video?.height,
    fps: video?.fps,
    videoKbps: video?.bitrateKbps,
    audioKbps: info?.audio?.bitrateKbps,
  };
  return { rungs: planLadder(settings.ladder ?? [], source), source };
}

/**
 * The rungs of a player's VOD after the stream: the recording (the live ladder's top rung) copied first,
 * then the ladder's rungs below its picture. Undefined without a rung to add, or when the recording's
 * size is not known (a rung could come out above it). Its BANDWIDTH: the probe's bitrate, else the file's.
 */
export function vodLadder(
  ladder: OutputSettings['ladder'] | undefined,
  recording: { info: StreamInfo | null; sizeBytes: number | null; durationMs: number | null },
  encoding?: LadderEncoding,
): VodLadder | undefined {
  const names = (ladder ?? []).filter((n) => n !== 'source');
  const video = recording.info?.video;
  if (names.length === 0 || !video?.height) return undefined;
  const audioKbps = recording.info?.audio?.bitrateKbps ?? null;
  const { sizeBytes, durationMs } = recording;
  const fileKbps = sizeBytes && durationMs ? (sizeBytes * 8) / durationMs - (audioKbps ?? 128) : null;
  const source: LadderSource = {
    width: video.width,
    height: video.height,
    fps: video.fps,
    videoKbps: video.bitrateKbps ?? (fileKbps ? Math.max(100, Math.round(fileKbps)) : null),
    audioKbps,
  };
  const rungs = planLadder(['source', ...names], source);
  return rungs.length > 1 ? { rungs, source, ...(encoding ? { encoding } : {}) } : undefined;
}

/** What restarts the writer: the latency (other segments) and the ladder setting (another filter graph). */
export const writerSignature = (settings: { latency: string; ladder?: readonly string[] }) =>
  `${settings.latency}|${[...(settings.ladder ?? [])].sort().join(',')}`;

export interface LadderScope {
  corporationId: string;
  workspaceId: string;
}

/**
 * A player's transcoding time for the usage meter (issue 34): the seconds its ladder writer runs (one
 * per second and player, whatever the rungs), added every TICK_MS and when the writer stops, so a
 * corporation's quota (maxTranscodeHoursPerMonth) sees a running ladder within a minute.
 */
export class LadderMeter {
  static readonly TICK_MS = 10_000;
  readonly #running = new Map<string, { scope: LadderScope; since: number }>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly add: (scope: LadderScope, seconds: number) => void,
    private readonly now = () => Date.now(),
  ) {}

  start(outputId: string, scope: LadderScope) {
    this.stop(outputId);
    this.#running.set(outputId, { scope, since: this.now() });
    if (!this.#timer) {
      this.#timer = setInterval(() => this.tick(), LadderMeter.TICK_MS);
      this.#timer.unref();
    }
  }

  stop(outputId: string) {
    const entry = this.#running.get(outputId);
    if (!entry) return;
    this.#running.delete(outputId);
    this.#count(entry);
    if (this.#running.size === 0) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }

  tick() {
    for (const entry of this.#running.values()) this.#count(entry);
  }

  #count(entry: { scope: LadderScope; since: number }) {
    const now = this.now();
    const seconds = (now - entry.since) / 1000;
    entry.since = now;
    if (seconds > 0) this.add(entry.scope, seconds);
  }
}
