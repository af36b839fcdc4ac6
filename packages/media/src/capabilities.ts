import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface MediaCapabilities {
  ffmpeg: boolean;
  ffprobe: boolean;
  version: string | null;
  protocols: { rtmp: boolean; srt: boolean; icecast: boolean };
  encoders: { libx264: boolean; aac: boolean; libmp3lame: boolean };
  filters: { drawtext: boolean };
  /** What is off and why, in words for health and the UI; empty when everything works. */
  missing: string[];
}

async function output(bin: string, args: string[]): Promise<string | null> {
  try {
    const { stdout } = await run(bin, args, { timeout: 10_000, maxBuffer: 4 * 1024 * 1024 });
    return stdout;
  } catch {
    return null;
  }
}

const listed = (text: string | null, name: string) =>
  !!text && new RegExp(`(^|\\s)${name}(\\s|$)`, 'm').test(text);

/** Asks the system ffmpeg what it can do, so a missing protocol or encoder turns off only its feature. */
export async function detectCapabilities(
  ffmpegPath = 'ffmpeg',
  ffprobePath = 'ffprobe',
): Promise<MediaCapabilities> {
  const [version, protocols, encoders, filters, probe] = await Promise.all([
    output(ffmpegPath, ['-hide_banner', '-version']),
    output(ffmpegPath, ['-hide_banner', '-protocols']),
    output(ffmpegPath, ['-hide_banner', '-encoders']),
    output(ffmpegPath, ['-hide_banner', '-filters']),
    output(ffprobePath, ['-hide_banner', '-version']),
  ]);
  const caps: MediaCapabilities = {
    ffmpeg: version !== null,
    ffprobe: probe !== null,
    version: version?.match(/ffmpeg version (\S+)/)?.[1] ?? null,
    protocols: {
      rtmp: listed(protocols, 'rtmp'),
      srt: listed(protocols, 'srt'),
      icecast: listed(protocols, 'icecast'),
    },
    encoders: {
      libx264: listed(encoders, 'libx264'),
      aac: listed(encoders, 'aac'),
      libmp3lame: listed(encoders, 'libmp3lame'),
    },
    filters: { drawtext: listed(filters, 'drawtext') },
    missing: [],
  };
  if (!caps.ffmpeg)
    caps.missing.push(`ffmpeg not found (${ffmpegPath}): streaming, recording and rendering are off`);
  else {
    if (!caps.ffprobe) caps.missing.push(`ffprobe not found (${ffprobePath}): media probing is off`);
    if (!caps.protocols.srt) caps.missing.push('ffmpeg lacks SRT: SRT ingest and SRT targets are off');
    if (!caps.protocols.rtmp) caps.missing.push('ffmpeg lacks RTMP: RTMP targets are off');
    if (!caps.protocols.icecast) caps.missing.push('ffmpeg lacks Icecast: Icecast targets are off');
    if (!caps.encoders.libx264) caps.missing.push('ffmpeg lacks libx264: rendering to MP4 is off');
  }
  return caps;
}
