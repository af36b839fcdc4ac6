import type { TargetState } from '@stromwerk/contracts/targets';
import type { FfmpegProgress } from '@stromwerk/media/progress';
import { ProcessSupervisor, type SupervisorState } from '@stromwerk/media/supervisor';
import { icecastTarget, joinRtmpUrl, rtmpTarget, srtTarget } from '@stromwerk/media/target-args';
import type { TargetRow } from '../targets/targets.repository';

/** After this many failed attempts in a row the target reads "not connected"; it keeps retrying. */
const FAILURES_UNTIL_NOT_CONNECTED = 3;

export interface TargetStatus {
  state: TargetState;
  lastError: string | null;
  onlineSince: Date | null;
  bitrateKbps: number | null;
  restarts: number;
}

export function targetArgs(row: TargetRow, input: string): string[] {
  const s = row.settings;
  if (s.type === 'rtmp') {
    return rtmpTarget({ input, url: s.streamKey ? joinRtmpUrl(s.url, s.streamKey) : s.url });
  }
  if (s.type === 'srt') {
    return srtTarget({
      input,
      host: s.host,
      port: s.port,
      latencyMs: s.latencyMs,
      passphrase: s.passphrase || undefined,
      streamId: s.streamId || undefined,
    });
  }
  return icecastTarget({
    input,
    url: s.url,
    mount: s.mount,
    username: s.username,
    password: s.password,
    format: s.format,
    bitrateKbps: s.bitrateKbps,
    name: row.name,
  });
}

/**
 * One target's push process and its live state (spec section 4): offline, almost online while connecting or
 * retrying, online once ffmpeg reports progress, not connected after repeated failures (still retrying).
 * State changes are reported through `onStatus`; the engine persists and announces them.
 */
export class TargetRunner {
  private readonly supervisor: ProcessSupervisor;
  private readonly args: string[];
  private failures = 0;
  private status: TargetStatus = {
    state: 'offline',
    lastError: null,
    onlineSince: null,
    bitrateKbps: null,
    restarts: 0,
  };
  private lastBitrateReport = 0;

  constructor(
    readonly row: TargetRow,
    input: string,
    ffmpegPath: string,
    private readonly onStatus: (status: TargetStatus) => void,
  ) {
    this.args = targetArgs(row, input);
    this.supervisor = new ProcessSupervisor({ command: ffmpegPath, label: `target ${row.id}` });
    this.supervisor.on('state', (state: SupervisorState) => this.onState(state));
    this.supervisor.on('progress', (p: FfmpegProgress) => {
      // Bitrate is reported at most every 5 s: it is a gauge, not a stream of events.
      if (Date.now() - this.lastBitrateReport < 5000) return;
      this.lastBitrateReport = Date.now();
      this.update({ bitrateKbps: p.bitrateKbps });
    });
  }

  start() {
    this.update({ state: 'almost-online', lastError: null });
    this.supervisor.start(this.args);
  }

  async stop() {
    await this.supervisor.stop();
    this.update({ state: 'offline', onlineSince: null, bitrateKbps: null });
  }

  private onState(state: SupervisorState) {
    const restarts = this.supervisor.restarts;
    if (state === 'running') {
      this.failures = 0;
      this.update({ state: 'online', lastError: null, onlineSince: new Date(), restarts });
    } else if (state === 'retrying' || state === 'failed') {
      this.failures += 1;
      const giveUp = state === 'failed' || this.failures >= FAILURES_UNTIL_NOT_CONNECTED;
      this.update({
        state: giveUp ? 'not-connected' : 'almost-online',
        lastError: this.supervisor.lastError,
        onlineSince: null,
        bitrateKbps: null,
        restarts,
      });
    }
  }

  private update(patch: Partial<TargetStatus>) {
    const next = { ...this.status, ...patch };
    const changed = (Object.keys(patch) as (keyof TargetStatus)[]).some((k) => next[k] !== this.status[k]);
    this.status = next;
    if (changed) this.onStatus(next);
  }
}
