// The WHIP ingest's bridge (issue 35 item 2): a WebRTC publisher's RTP, forwarded by the server to two
// loopback UDP ports, becomes an RTMP publish on our own ingest, so a WHIP source goes live, records and
// feeds targets and players exactly as an RTMP encoder does. The picture is copied (H.264 as the
// publisher encoded it: the peer asks for a keyframe every segment length, see whip-peer.ts); Opus, which
// FLV does not carry, becomes AAC.
import { COMMON_ARGS, FLV_OUT } from './ffmpeg-args';
import { RTP_RECEIVE_BUFFER_BYTES } from './rtp-args';
import { type FfmpegCommand, rtmpOutput, SecretPipes } from './secret-pipes';

export interface WhipStreams {
  /** Loopback port the H.264 RTP arrives at (RTCP at port + 1), and its payload type. */
  video: {
    port: number;
    payloadType: number;
    /** The publisher's SPS and PPS NAL units, once seen: ffmpeg then knows the picture without probing. */
    parameterSets?: { sps: Uint8Array; pps: Uint8Array };
  };
  /** The Opus RTP, when the publisher sends sound. */
  audio?: { port: number; payloadType: number };
}

/** RFC 6184's profile-level-id (the SPS's profile, constraints and level bytes) and sprop-parameter-sets. */
function parameterSetsFmtp(sets: WhipStreams['video']['parameterSets']): string {
  if (!sets || sets.sps.length < 4 || sets.pps.length < 2) return '';
  const b64 = (nal: Uint8Array) => Buffer.from(nal).toString('base64');
  const profileLevel = Buffer.from(sets.sps.subarray(1, 4)).toString('hex');
  return `;profile-level-id=${profileLevel};sprop-parameter-sets=${b64(sets.sps)},${b64(sets.pps)}`;
}

/** The SDP ffmpeg reads the publisher's RTP by: what arrives where, nothing the publisher wrote. */
export function whipSdp(s: WhipStreams, host = '127.0.0.1'): string {
  const lines = ['v=0', `o=- 0 0 IN IP4 ${host}`, 's=whip', `c=IN IP4 ${host}`, 't=0 0'];
  const pt = (n: number) => {
    if (!Number.isInteger(n) || n < 96 || n > 127) throw new RangeError('dynamic payload type expected');
    return n;
  };
  lines.push(
    `m=video ${s.video.port} RTP/AVP ${pt(s.video.payloadType)}`,
    `a=rtpmap:${s.video.payloadType} H264/90000`,
    `a=fmtp:${s.video.payloadType} packetization-mode=1${parameterSetsFmtp(s.video.parameterSets)}`,
  );
  if (s.audio)
    lines.push(
      `m=audio ${s.audio.port} RTP/AVP ${pt(s.audio.payloadType)}`,
      `a=rtpmap:${s.audio.payloadType} opus/48000/2`,
    );
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * ffmpeg reading the SDP on a pipe (the RTP demuxer, UDP on loopback only) and publishing FLV to
 * `output` (our ingest's URL with the stream key, which goes to a private file as for every publish).
 * The reorder queue absorbs what the server's forwarding reorders (nothing on loopback, but cheap).
 */
export function whipBridge(o: { streams: WhipStreams; output: string }): FfmpegCommand {
  const pipes = new SecretPipes();
  const sdp = pipes.pipedText(whipSdp(o.streams));
  const args = [
    ...COMMON_ARGS,
    ...['-protocol_whitelist', 'pipe,udp,rtp', '-format_whitelist', 'sdp,rtp'],
    ...['-fflags', '+genpts', '-reorder_queue_size', '64'],
    // The SDP states both codecs and, once the bridge has seen them, the picture's parameter sets (probing
    // then ends with the first picture packet); before, the SPS comes with the keyframe the peer asks for
    // at once and probing ends with it (ffmpeg's 5 s default made the publish go live 6 s after it).
    ...['-analyzeduration', '1500000', '-fpsprobesize', '0'],
    // Its RTP sockets' kernel buffer: a bridge starved of CPU beside stress-ng dropped 35 packets at once
    // at the default, and a keyframe with a hole costs a whole GOP.
    ...['-buffer_size', String(RTP_RECEIVE_BUFFER_BYTES)],
    ...['-f', 'sdp', '-i', sdp],
    ...['-map', '0:v:0', ...(o.streams.audio ? ['-map', '0:a:0'] : [])],
    ...['-c:v', 'copy'],
    ...(o.streams.audio ? ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2'] : []),
    ...FLV_OUT,
    ...rtmpOutput(pipes, o.output),
  ];
  return pipes.command(args);
}
