import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import { relativeParts } from './format';

const codecNames: Record<string, string> = {
  h264: 'H.264',
  hevc: 'H.265',
  h265: 'H.265',
  av1: 'AV1',
  vp8: 'VP8',
  vp9: 'VP9',
  aac: 'AAC',
  mp3: 'MP3',
  opus: 'Opus',
};

export const codecName = (codec: string) => codecNames[codec.toLowerCase()] ?? codec.toUpperCase();

/** "1280×720 · 30 fps · H.264 · AAC 48 kHz" (numbers in the active locale). */
export function formatStreamInfo(info: StreamInfo | null, locale: string): string | null {
  if (!info) return null;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const parts: string[] = [];
  const { video, audio } = info;
  if (video) {
    parts.push(`${video.width}×${video.height}`);
    if (video.fps) parts.push(`${number.format(video.fps)} fps`);
    parts.push(codecName(video.codec));
  }
  if (audio) {
    const rate = audio.sampleRate ? ` ${number.format(audio.sampleRate / 1000)} kHz` : '';
    parts.push(`${codecName(audio.codec)}${rate}`);
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** "vor 5 Minuten", "in 3 days": the largest fitting unit, past or future. */
export function formatRelative(time: Date | string, now: number, locale: string): string {
  // Past and future alike ("5 minutes ago", "in 3 days"); a few seconds of clock skew read as now.
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(
    ...relativeParts(new Date(time).getTime() - now),
  );
}

/** "1 h 05 min", "4 min 12 s", "12 s". */
export function formatDuration(since: Date | string, now: number): string {
  const total = Math.max(0, Math.floor((now - new Date(since).getTime()) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}
