// The program as RTP for real time (issue 35): one more output of the low-latency writer, sending the
// picture copied and the sound as Opus to the two UDP ports of the server's RtpProgramSource. A tee of two
// RTP slaves (RTP carries one stream per session) rather than two outputs: a program without sound must
// not stop the writer (an output whose maps find nothing fails ffmpeg, or in 5.1 picks streams on its
// own), and the tee only drops its audio slave (`onfail=ignore`).

import { h264 } from './ffmpeg-args';

/**
 * The receive buffer asked for every socket that takes RTP on this machine (the kernel grants up to
 * net.core.rmem_max): with the default (208 kB, 0.5 s of a 720p program) a server whose event loop
 * stalled under load lost most of the program's packets in the kernel (UDP RcvbufErrors), and its
 * viewers decoded from the next keyframe; a WHIP bridge starved of CPU lost packets the same way.
 */
export const RTP_RECEIVE_BUFFER_BYTES = 8 * 1024 * 1024;

/** The UDP ports (on `host`, a loopback address) that take the program's H.264 and Opus. */
export interface RtpTargets {
  host: string;
  video: number;
  audio: number;
  /**
   * The source's picture has B-frames (WebRTC viewers take none): it is encoded again, constrained
   * baseline at this bitrate, instead of copied.
   */
  reencodeKbps?: number;
}

/**
 * Payload types and SSRCs fixed, so that every writer restart (a switch to an input of other codecs)
 * continues the same streams for the viewers' peers (they rewrite both per viewer anyway).
 */
export const PROGRAM_RTP = {
  video: { payloadType: 96, ssrc: 0x5354_5701 },
  audio: { payloadType: 111, ssrc: 0x5354_5702 },
} as const;

/** Below a typical path MTU once SRTP and the TURN/UDP headers are added. */
const PACKET_BYTES = 1200;
export const OPUS_KBPS = 96;

/** The output's arguments: maps, codecs and the tee of two RTP sessions. */
export function programRtp(t: RtpTargets): string[] {
  const slave = (kind: 'video' | 'audio', port: number, extra = '') =>
    `[select=${kind === 'video' ? 'v' : 'a'}:f=rtp:payload_type=${PROGRAM_RTP[kind].payloadType}` +
    `:ssrc=${PROGRAM_RTP[kind].ssrc}:pkt_size=${PACKET_BYTES}${extra}]` +
    // RTCP to the RTP port: the source drops ffmpeg's sender reports (no viewer gets any).
    `rtp://${t.host}:${port}?rtcpport=${port}`;
  return [
    // The picture as it is: the program engine copies the encoder's H.264 (our own encodes, of the
    // fallback media, use -tune zerolatency: no B-frames).
    ...['-map', '0:v:0', ...(t.reencodeKbps ? reencoded(t.reencodeKbps) : ['-c:v', 'copy'])],
    ...['-map', '0:a:0?', '-c:a', 'libopus', '-b:a', `${OPUS_KBPS}k`, '-ar', '48000', '-ac', '2'],
    ...['-application', 'lowdelay', '-frame_duration', '20'],
    ...['-f', 'tee', [slave('video', t.video), slave('audio', t.audio, ':onfail=ignore')].join('|')],
  ];
}

/** The picture for viewers that take no B-frames: libx264 constrained baseline, keyframes every 2 s. */
function reencoded(kbps: number): string[] {
  return [
    ...h264(kbps),
    ...['-profile:v', 'baseline', '-bf', '0', '-force_key_frames', 'expr:gte(t,n_forced*2)'],
  ];
}
