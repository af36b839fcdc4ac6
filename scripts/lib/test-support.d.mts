import type { ChildProcess, SpawnOptions } from 'node:child_process';

export function sleep(ms: number): Promise<void>;
export function freePort(): Promise<number>;
export function freeUdpPort(): Promise<number>;

/** Passed to a waitFor check: what it saw this time, reported if the wait times out. */
export type Note = (observation: unknown) => void;
export function waitFor<T>(
  label: string,
  check: (note: Note) => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs?: number,
  intervalMs?: number,
): Promise<T>;

export function isListening(port: number, protocol?: 'tcp' | 'udp'): Promise<boolean>;
export function isListeningIn(pid: number, port: number): Promise<boolean>;
export function listening(port: number, timeoutMs?: number, protocol?: 'tcp' | 'udp'): Promise<true>;

export interface TrackedProcess extends ChildProcess {
  /** The last 4,000 characters of its stderr. */
  log(): string;
}
export function spawnTracked(command: string, args: string[], options?: SpawnOptions): TrackedProcess;
export function ffmpeg(args: string[], options?: SpawnOptions & { loglevel?: string }): TrackedProcess;
export function exited(child: ChildProcess, killAfterMs?: number): Promise<number | null>;
export function stop(child: ChildProcess | undefined, graceMs?: number): Promise<void>;
export function stopAll(graceMs?: number): Promise<void>;

export interface TestEncoderOptions {
  /** Picture size, '640x360'. */
  size?: string;
  /** Frames per second, 25. */
  rate?: number;
  /** Length; without it the encoder runs until stopped. */
  seconds?: number;
  /** The lavfi video source, 'testsrc2' ('nullsrc' under a videoFilter that draws the picture). */
  picture?: string;
  videoFilter?: string;
  /** Audio codec, 'aac' (some encoders send 'libmp3lame'); false for none. */
  audio?: 'aac' | 'libmp3lame' | false;
  sampleRate?: number;
  audioBitrate?: string;
  /** Seconds between keyframes, 2 (OBS's default). */
  gopSeconds?: number;
  preset?: string;
  /** Extra x264 arguments, e.g. ['-qp', '0']. */
  videoArgs?: string[];
  /** Extra arguments just before `-f <format> <url>`. */
  outputArgs?: string[];
  /** 'flv' for rtmp://, 'mpegts' for srt:// and udp://. */
  format?: string;
  /** Replays this file (stream copy) instead of a test picture. */
  file?: string;
  /** With `file`: repeat it for ever. */
  loop?: boolean;
  /** -re (true): as fast as real time, as a live encoder. */
  realtime?: boolean;
}
export function testEncoderArgs(url: string, options?: TestEncoderOptions): string[];
export function publishTestStream(
  url: string,
  options?: TestEncoderOptions & { loglevel?: string; spawnOptions?: SpawnOptions },
): TrackedProcess;
