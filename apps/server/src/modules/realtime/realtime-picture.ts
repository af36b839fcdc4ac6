import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import type { RtpTargets } from '@stromwerk/media/rtp-args';

/**
 * A real-time writer's RTP targets with how its picture goes: copied, or encoded again when the main
 * source's probe saw B-frames (WebRTC viewers take none), at the source's bitrate or 2.5 Mbit/s.
 */
export function realtimePicture(rtp: RtpTargets, info: StreamInfo | null | undefined): RtpTargets {
  if (!info?.video?.bFrames) return rtp;
  return { ...rtp, reencodeKbps: Math.min(info.video.bitrateKbps ?? 2500, 8000) };
}
