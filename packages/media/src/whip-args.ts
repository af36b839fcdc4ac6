// The WHIP ingest's bridge (issue 35 item 2): a WebRTC publisher's RTP, forwarded by the server to two
// loopback UDP ports, becomes an RTMP publish on our own ingest, so a WHIP source goes live, records and
// feeds targets and players exactly as an RTMP encoder does. The picture is copied (H.264 as the
// publisher encoded it: the peer asks for a keyframe every segment length, see whip-peer.ts); Opus, which
// FLV does not carry, becomes AAC.
import { COMMON_ARGS, FLV_OUT } from './ffmpeg-args';
import { type FfmpegCommand, rtmpOutput, SecretPipes } from './secret-pipes';

export interface WhipStreams {
  /** Loopback port the H.264 RTP arrives at (RTCP at port + 1), and its payload type. */
  video: { port: number; payloadType: number };
  /** The Opus RTP, when the publisher sends sound. */
  audio?: { port: number; payloadType: number };
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
    `a=fmtp:${s.video.payloadType} packetization-mode=1`,
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
    // The SDP states both codecs and the picture's SPS comes with the keyframe the peer asks for at once:
    // probing ends with it (ffmpeg's 5 s default made the publish go live 6 s after the first picture).
    ...['-analyzeduration', '1500000', '-fpsprobesize', '0'],
    ...['-f', 'sdp', '-i', sdp],
    ...['-map', '0:v:0', ...(o.streams.audio ? ['-map', '0:a:0'] : [])],
    ...['-c:v', 'copy'],
    ...(o.streams.audio ? ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2'] : []),
    ...FLV_OUT,
    ...rtmpOutput(pipes, o.output),
  ];
  return pipes.command(args);
}
