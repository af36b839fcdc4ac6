// Pure builders of ffmpeg argument lists for targets: relays of a live feed to another platform.
import {
  COMMON_ARGS,
  DEFAULT_RW_TIMEOUT_MS,
  FIRST_AV,
  FLV_OUT,
  livePull,
  srtCryptoOptions,
  toMicroseconds,
  urlHost,
} from './ffmpeg-args';
import { type FfmpegCommand, rtmpOutput, SecretPipes } from './secret-pipes';

/**
 * The feed of a target: our RTMP ingest (a source), or the HLS program of a player (a playlist file).
 * A program has discontinuities at every switch (main -> backup -> fallback); -xerror would end the relay
 * at each of them, so HLS feeds run without it (the supervisor's stall watchdog ends a dead one).
 */
const feedPull = (input: string, rwTimeoutMs?: number) =>
  livePull(input, rwTimeoutMs, !input.endsWith('.m3u8'));

export interface RtmpTargetOptions {
  /** The live feed to relay, e.g. rtmp://127.0.0.1/live/<key> of our own ingest. */
  input: string;
  /** rtmp(s)://host/app/streamkey of the platform. */
  url: string;
  rwTimeoutMs?: number;
}

/** The platform's URL without its stream key: the key goes to ffmpeg on a pipe (./secret-pipes). */
export function rtmpTarget(o: RtmpTargetOptions): FfmpegCommand {
  const pipes = new SecretPipes();
  const output = rtmpOutput(pipes, o.url);
  const args = [...COMMON_ARGS, ...feedPull(o.input, o.rwTimeoutMs), ...FIRST_AV, '-c', 'copy', ...FLV_OUT];
  return pipes.command([...args, ...output]);
}

/** Joins a platform's server URL and stream key the way OBS does. */
export const joinRtmpUrl = (url: string, streamKey: string): string =>
  streamKey ? `${url.replace(/\/+$/, '')}/${streamKey.replace(/^\/+/, '')}` : url;

export interface SrtTargetOptions {
  input: string;
  host: string;
  port: number;
  latencyMs?: number;
  passphrase?: string;
  streamId?: string;
  rwTimeoutMs?: number;
}

/** MPEG-TS over SRT in caller mode, copying codecs; passphrase and stream id on a pipe. */
export function srtTarget(o: SrtTargetOptions): FfmpegCommand {
  const url = `srt://${urlHost(o.host)}:${o.port}?mode=caller&latency=${toMicroseconds(o.latencyMs ?? 200)}&pkt_size=1316`;
  const pipes = new SecretPipes();
  const args = [
    ...COMMON_ARGS,
    ...feedPull(o.input, o.rwTimeoutMs),
    ...FIRST_AV,
    ...['-c', 'copy', '-f', 'mpegts'],
    // srt_streamid, not streamid: the latter is also an ffmpeg CLI option of its own (index:value).
    ...pipes.outputOptions({ ...srtCryptoOptions(o.passphrase), srt_streamid: o.streamId }),
    url,
  ];
  return pipes.command(args);
}

export interface IcecastTargetOptions {
  input: string;
  /** icecast://host:port or http(s)://host:port (https means TLS to the server). */
  url: string;
  /** /live.mp3 */
  mount: string;
  username?: string;
  password: string;
  format: 'mp3' | 'aac';
  bitrateKbps?: number;
  /** Station name shown by Icecast directories and players. */
  name?: string;
  description?: string;
  rwTimeoutMs?: number;
}

const ICECAST_FORMATS = {
  // No ID3 tag or Xing header: a stream has no length to put in them and some players trust them.
  mp3: [
    '-c:a',
    'libmp3lame',
    '-content_type',
    'audio/mpeg',
    '-f',
    'mp3',
    '-id3v2_version',
    '0',
    '-write_xing',
    '0',
  ],
  aac: ['-c:a', 'aac', '-content_type', 'audio/aac', '-f', 'adts'],
} as const;

/** Audio only, re-encoded (the feed's AAC is not what every Icecast listener plays), as a source client. */
export function icecastTarget(o: IcecastTargetOptions): FfmpegCommand {
  const server = o.url.trim().match(/^(icecast|https?):\/\/([^/\s@]+)\/?$/i);
  if (!server) throw new RangeError('Icecast URL must look like icecast://host:port or http://host:port');
  if (!/^\/[\w.-]+$/.test(o.mount)) throw new RangeError('Icecast mount must look like /live.mp3');
  const username = o.username ?? 'source';
  // ffmpeg puts the user name into the URL without decoding it; anything unusual would break it.
  if (!/^[\w.-]+$/.test(username)) throw new RangeError('Icecast user name may use letters, digits, _ . -');
  const tls = server[1]!.toLowerCase() === 'https';
  const pipes = new SecretPipes();
  const args = [
    ...COMMON_ARGS,
    ...livePull(o.input, o.rwTimeoutMs ?? DEFAULT_RW_TIMEOUT_MS, false),
    ...['-vn', '-map', '0:a:0'],
    ...['-b:a', `${o.bitrateKbps ?? 128}k`, '-ar', '44100', '-ac', '2'],
    ...ICECAST_FORMATS[o.format],
    // The password as an option on a pipe, not user:pass@ in the URL: no escaping trouble, not echoed
    // in error lines, not on the command line.
    ...pipes.outputOptions({ password: o.password }),
    ...(tls ? ['-tls', '1'] : []),
    ...(o.name ? ['-ice_name', o.name] : []),
    ...(o.description ? ['-ice_description', o.description] : []),
    `icecast://${username}@${server[2]}${o.mount}`,
  ];
  return pipes.command(args);
}
