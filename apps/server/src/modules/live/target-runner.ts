import type { TargetState } from '@stromwerk/contracts/targets';
import type { FfmpegProgress } from '@stromwerk/media/progress';
import type { FfmpegCommand } from '@stromwerk/media/secret-pipes';
import { ProcessSupervisor, type SupervisorState } from '@stromwerk/media/supervisor';
import { icecastTarget, joinRtmpUrl, rtmpTarget, srtTarget } from '@stromwerk/media/target-args';
import { endpointOf, publicAddresses, RECEIVER_UNREACHABLE } from '../targets/target-policy';
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

export function targetArgs(row: TargetRow, input: string): FfmpegCommand {
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
  if (s.type !== 'icecast')
    throw new Error(`A ${s.type} target pushes to the address its platform answers, not its settings`);
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

const CONNECT_TIMEOUT_MS = 20_000;

/**
 * Reasons users may see as they are: answers of a receiver that spoke the protocol (wrong passphrase, an
 * HTTP status), our own address checks, and facts about this server's ffmpeg. Every other failure (refused,
 * reset, end of file, time-out, stall, anything new a future ffmpeg prints) reads as one sentence, so a
 * target's state cannot tell an open port from a closed or filtered one. The exact reason is logged.
 */
const SHOWN_AS_IS = [
  /^Server returned \d{3}/,
  /^Wrong SRT passphrase$/,
  /^Codec .*not accepted by /,
  /^Host name could not be resolved$/,
  /^Targets may only send to public/,
  /not (supported|available) (by|in) this ffmpeg$/,
  /^\S+ not found$/,
  /the input finished$/,
];

/** The reason shown to users; the exact one goes to the server log. */
export function publicReason(reason: string | null): string | null {
  if (reason === null) return null;
  return SHOWN_AS_IS.some((p) => p.test(reason)) ? reason : RECEIVER_UNREACHABLE;
}

export interface TargetRunnerOptions {
  /** TARGET_ALLOW_PRIVATE: skip the address check before connecting. */
  allowPrivate: boolean;
  /** Where the exact failure reason is logged. */
  log?: (detail: { targetId: string; reason: string }) => void;
  /** Bytes pushed since the last report (ffmpeg's total_size; a restarted process counts from 0). */
  pushed?: (bytes: number) => void;
}

/**
 * The arguments for one connection attempt. Without TARGET_ALLOW_PRIVATE the receiver's host name is
 * resolved and checked right before each attempt; SRT then connects to the checked address itself (no
 * second lookup that a rebinding DNS server could answer differently). RTMP(S) and Icecast keep the name
 * (TLS needs it for SNI); their window is the few milliseconds between this check and ffmpeg's lookup.
 */
export async function checkedTargetArgs(row: TargetRow, input: string, allowPrivate: boolean) {
  const s = row.settings;
  if (allowPrivate) return targetArgs(row, input);
  const [address] = await publicAddresses(endpointOf(s).host);
  if (s.type === 'srt') return targetArgs({ ...row, settings: { ...s, host: address! } }, input);
  return targetArgs(row, input);
}

/**
 * One target's push process and its live state (spec section 4): offline, almost online while connecting or
 * retrying, online once ffmpeg reports progress, not connected after repeated failures (still retrying).
 * State changes are reported through `onStatus`; the engine persists and announces them.
 */
export class TargetRunner {
  private readonly supervisor: ProcessSupervisor;
  private failures = 0;
  private status: TargetStatus = {
    state: 'offline',
    lastError: null,
    onlineSince: null,
    bitrateKbps: null,
    restarts: 0,
  };
  private lastBitrateReport = 0;
  /** Bytes ffmpeg reported written so far in the current attempt (the Flowchart's sparkline reads it). */
  bytesSent = 0;

  constructor(
    readonly row: TargetRow,
    input: string,
    ffmpegPath: string,
    private readonly onStatus: (status: TargetStatus) => void,
    options: TargetRunnerOptions = { allowPrivate: false },
  ) {
    this.supervisor = new ProcessSupervisor({
      command: ffmpegPath,
      label: `target ${row.id}`,
      // A receiver that accepts and never answers fails like a closed port, not "connecting" forever.
      startTimeoutMs: CONNECT_TIMEOUT_MS,
      prepare: () => checkedTargetArgs(row, input, options.allowPrivate),
    });
    this.supervisor.on('lastError', (reason) => options.log?.({ targetId: row.id, reason }));
    this.supervisor.on('state', (state: SupervisorState) => this.onState(state));
    this.supervisor.on('progress', (p: FfmpegProgress) => {
      const delta = p.totalBytes >= this.bytesSent ? p.totalBytes - this.bytesSent : p.totalBytes;
      this.bytesSent = p.totalBytes;
      if (delta > 0) options.pushed?.(delta);
      // Bitrate is reported at most every 5 s: it is a gauge, not a stream of events.
      if (Date.now() - this.lastBitrateReport < 5000) return;
      this.lastBitrateReport = Date.now();
      this.update({ bitrateKbps: p.bitrateKbps });
    });
  }

  get online() {
    return this.status.state === 'online';
  }

  start() {
    this.update({ state: 'almost-online', lastError: null });
    // The real arguments come from prepare(), checked before every attempt.
    this.supervisor.start([]);
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
        lastError: publicReason(this.supervisor.lastError),
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
