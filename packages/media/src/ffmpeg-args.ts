// Pure builders of ffmpeg argument lists: shared pieces and the live sources (targets and HLS are in
// target-args.ts and hls-args.ts). Units and flag choices were checked on Debian's
// ffmpeg 5.1 (see packages/media/test/*.media.test.ts); comments note the traps.
import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import { type StoredInput, safeInput } from './safe-input';
import { type FfmpegCommand, rtmpOutput, SecretPipes } from './secret-pipes';

/** Quiet logs (warnings carry the reasons we summarise), machine-readable progress on stdout, no stdin. */
export const COMMON_ARGS: readonly string[] = [
  '-hide_banner',
  '-nostdin',
  '-loglevel',
  'warning',
  '-progress',
  'pipe:1',
  '-nostats',
];

/** How long a live read may block before ffmpeg gives up, so a dead feed ends the process. */
export const DEFAULT_RW_TIMEOUT_MS = 5000;

/** ffmpeg's -rw_timeout and SRT's latency/timeout are in microseconds, not milliseconds. */
export const toMicroseconds = (ms: number): string => String(Math.round(ms * 1000));

/**
 * A pull from a live input. -xerror makes the first read error fatal: without it a timed-out RTMP
 * read is retried by the demuxer several times (measured: ~12 s instead of 2 s) and ffmpeg exits 0.
 */
export function livePull(input: string, rwTimeoutMs = DEFAULT_RW_TIMEOUT_MS, exitOnError = true): string[] {
  return [...(exitOnError ? ['-xerror'] : []), '-rw_timeout', toMicroseconds(rwTimeoutMs), '-i', input];
}

/** First video and first audio stream only: data or subtitle streams would break flv and mpegts. */
export const FIRST_AV: readonly string[] = ['-map', '0:v:0?', '-map', '0:a:0?'];
/** The RTMP peer cannot be seeked back to patch duration/size; skip the attempt and its warnings. */
export const FLV_OUT: readonly string[] = ['-f', 'flv', '-flvflags', 'no_duration_filesize'];

export const h264 = (kbps: number) => [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-tune',
  'zerolatency',
  // Browsers and most platforms play 4:2:0 only; lavfi and many files default to something else.
  '-pix_fmt',
  'yuv420p',
  '-b:v',
  `${kbps}k`,
  '-maxrate',
  `${kbps}k`,
  '-bufsize',
  `${kbps * 2}k`,
];
export const aac = (kbps: number) => ['-c:a', 'aac', '-b:a', `${kbps}k`, '-ar', '48000', '-ac', '2'];

/** Keeps label text to characters that need no escaping in drawtext and filtergraph syntax. */
export function drawtextSafe(text: string): string {
  return text
    .replace(/[^\p{L}\p{N} _.#()!?+@&*/-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
}

export interface DemoSourceOptions {
  /** rtmp://host/app/key */
  output: string;
  width?: number;
  height?: number;
  fps?: number;
  videoKbps?: number;
  audioKbps?: number;
  label?: string;
}

/** Test pattern, 440 Hz beep, running wall clock and a label, pushed in real time as H.264/AAC. */
export function demoSource(o: DemoSourceOptions): FfmpegCommand {
  const { width = 1280, height = 720, fps = 30, videoKbps = 2500, audioKbps = 128 } = o;
  const size = Math.max(12, Math.round(height / 18));
  const box = `fontcolor=white:fontsize=${size}:box=1:boxcolor=black@0.6:boxborderw=${Math.round(size / 4)}`;
  // '\:' escapes the colon inside drawtext's option value; the quotes protect it from the graph parser.
  const filters = [`drawtext=text='%{localtime\\:%Y-%m-%d %X}':${box}:x=${size}:y=h-2*${size}`];
  const label = drawtextSafe(o.label ?? '');
  if (label) filters.push(`drawtext=text='${label}':${box}:x=${size}:y=${size}`);
  const gop = String(fps * 2);
  const pipes = new SecretPipes();
  const args = [
    ...COMMON_ARGS,
    // -re on both inputs: lavfi generates as fast as the CPU allows otherwise.
    ...['-re', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`],
    ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:beep_factor=4:sample_rate=48000'],
    ...['-map', '0:v', '-map', '1:a', '-vf', filters.join(',')],
    ...h264(videoKbps),
    // Keyframe every 2 s exactly, so HLS segments and player joins line up.
    ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
    ...aac(audioKbps),
    ...FLV_OUT,
    ...rtmpOutput(pipes, o.output),
  ];
  return pipes.command(args);
}

export interface ReliveSourceOptions {
  /** A stored media: its local path or relay address, and its probed format. */
  input: StoredInput;
  output: string;
  loop?: boolean;
  /** Re-encode instead of copy; needed unless the file is H.264/AAC (see canCopyToFlv). */
  transcode?: boolean;
  videoKbps?: number;
  audioKbps?: number;
}

/** Plays a media file as if it were live, optionally forever. */
export function reliveSource(o: ReliveSourceOptions): FfmpegCommand {
  const codecs = o.transcode
    ? [
        ...h264(o.videoKbps ?? 2500),
        // The file's frame rate is unknown here, so force keyframes by time, not by frame count.
        ...['-force_key_frames', 'expr:gte(t,n_forced*2)'],
        ...aac(o.audioKbps ?? 128),
      ]
    : ['-c', 'copy'];
  const pipes = new SecretPipes();
  const args = [
    ...COMMON_ARGS,
    '-re',
    ...(o.loop ? ['-stream_loop', '-1'] : []),
    ...safeInput(o.input),
    ...FIRST_AV,
    ...codecs,
    ...FLV_OUT,
    ...rtmpOutput(pipes, o.output),
  ];
  return pipes.command(args);
}

/** Whether a file can go into FLV/RTMP without re-encoding. */
export function canCopyToFlv(info: StreamInfo): boolean {
  if (!info.video && !info.audio) return false;
  const videoOk = !info.video || info.video.codec === 'h264';
  const audioOk = !info.audio || info.audio.codec === 'aac' || info.audio.codec === 'mp3';
  return videoOk && audioOk;
}

/** SRT encryption as protocol options, for a pipe (./secret-pipes); none without a passphrase. */
export function srtCryptoOptions(passphrase: string | undefined): Record<string, string> {
  if (!passphrase) return {};
  if (passphrase.length < 10 || passphrase.length > 79) {
    throw new RangeError('SRT passphrase must be 10 to 79 characters');
  }
  // As an option, not in the URL: ffmpeg 5.1 does not percent-decode URL values, so '&', '%' or '#'
  // would corrupt it, and the URL appears in ffmpeg's error lines.
  return { passphrase, pbkeylen: '16' };
}

export const urlHost = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/**
 * The SRT listener's stderr line (verbose) when its probe decoded the caller's first H.264 picture: the
 * caller holds the key (its passphrase) and sends MPEG-TS with video we take. The accepted connection
 * alone is not enough: a caller sending anything else (a playlist, HEVC) must not make the source live.
 */
export const SRT_CALLER_PICTURE = /\[h264 @ [^\]]*\] Reinit context to \d+x\d+/;

export interface SrtIngestOptions {
  port: number;
  /** Interface to listen on. Default 0.0.0.0. */
  host?: string;
  passphrase?: string;
  latencyMs?: number;
  /** Read timeout once a caller is connected; waiting for the caller itself is unbounded. */
  timeoutMs?: number;
  /** Where the remuxed stream goes: rtmp://… */
  output: string;
}

/**
 * Waits for an SRT caller (an encoder) and remuxes its MPEG-TS to FLV/RTMP without re-encoding. The
 * caller decides the bytes, so the demuxer is forced to MPEG-TS over SRT alone: probed, an HLS playlist
 * sent by the caller would make this process read `file:` paths and URLs it names into the live source.
 */
export function srtIngestListener(o: SrtIngestOptions): FfmpegCommand {
  const query = `mode=listener&latency=${toMicroseconds(o.latencyMs ?? 200)}&timeout=${toMicroseconds(o.timeoutMs ?? DEFAULT_RW_TIMEOUT_MS)}`;
  const pipes = new SecretPipes();
  // The passphrase (the source's stream key) reaches ffmpeg in a script on a pipe; the outer whitelists
  // admit that script, the entry's own ones (its options) keep the caller to MPEG-TS over SRT.
  // Probing ends as soon as both streams' codecs are known (issue 30 item 5): by default ffmpeg also
  // reads 20 frames (2/3 s at 30 fps, longer on a slow encoder) to estimate a frame rate the stream's SPS
  // already states, and the concat entry probes once more on top; an RTMP publish waits for neither.
  // Measured from the caller's start to the listener's output: 1.1 s before, 0.55-0.6 s after, its first
  // bytes coming at 0.45-0.6 s (bench/ingest-go-live.ts times the whole way to "live").
  const input = pipes.concatInput(`srt://${urlHost(o.host ?? '0.0.0.0')}:${o.port}?${query}`, {
    ...srtCryptoOptions(o.passphrase),
    protocol_whitelist: 'srt',
    format_whitelist: 'mpegts',
    fpsprobesize: '0',
  });
  const args = [
    // Verbose for one line: the caller's first picture decoded (SRT_CALLER_PICTURE), a moment before its
    // audio comes and the probe ends; verbose says little else while the stream runs.
    ...COMMON_ARGS.map((a) => (a === 'warning' ? 'verbose' : a)),
    ...['-fpsprobesize', '0'],
    ...['-protocol_whitelist', 'pipe,srt', '-format_whitelist', 'concat,mpegts'],
    ...input,
    ...FIRST_AV,
    ...['-c', 'copy'],
    ...FLV_OUT,
    ...rtmpOutput(pipes, o.output),
  ];
  return pipes.command(args);
}
