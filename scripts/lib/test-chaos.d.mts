import type { TestEncoderOptions } from './test-support.mjs';

export interface EncoderConnection {
  url: string;
  pid: number | undefined;
  /** ms since the epoch: ffmpeg started. */
  startedAt: number;
  /** ms since the epoch: its first progress report (the output open and muxing); undefined if never. */
  connectedAt: number | undefined;
  endedAt: number | undefined;
  exitCode: number | null | undefined;
  signal: NodeJS.Signals | null | undefined;
  /** Its last stderr lines. */
  log(): string;
}
export interface ReconnectingEncoder {
  /** Every attempt so far, oldest first (the array is updated in place). */
  readonly connections: EncoderConnection[];
  readonly current: EncoderConnection | undefined;
  stop(graceMs?: number): Promise<void>;
}
export function publishReconnecting(
  urlOrUrls: string | string[],
  options?: Omit<TestEncoderOptions, 'seconds'> & { retryMs?: number; stallMs?: number; loglevel?: string },
): ReconnectingEncoder;

export interface TcpBalancer {
  port: number;
  /** Connections each backend took, by index. */
  served: number[];
  close(): Promise<void>;
}
export function tcpBalancer(
  backends: { host: string; port: number }[],
  options?: { connectTimeoutMs?: number },
): Promise<TcpBalancer>;
