import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import { probeStream } from '@stromwerk/media/probe';

/** What ffprobe reads from a live stream on our ingest, in the shape stored with the source. */
export async function probeStreamInfo(url: string, ffprobePath: string): Promise<StreamInfo> {
  const p = await probeStream(url, ffprobePath, 8000);
  return {
    formatName: p.formatName ?? null,
    video: p.video
      ? {
          codec: p.video.codec,
          width: p.video.width,
          height: p.video.height,
          fps: p.video.fps ?? null,
          bitrateKbps: p.video.bitrateKbps ?? null,
          profile: p.video.profile ?? null,
        }
      : null,
    audio: p.audio
      ? {
          codec: p.audio.codec,
          sampleRate: p.audio.sampleRate ?? null,
          channels: p.audio.channels ?? null,
          bitrateKbps: p.audio.bitrateKbps ?? null,
        }
      : null,
  };
}
