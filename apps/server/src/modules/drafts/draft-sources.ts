/**
 * What a draft's timeline needs of the library, as a pure rule: each clip's media must exist in the
 * draft's workspace, be ready, have the streams its track needs, and hold the clip's range. Broken
 * drafts list every such clip (`problems`); the render builder gets only sources that passed.
 */
import type { DraftProblem, Timeline } from '@stromwerk/contracts/drafts';
import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import type { DraftSource } from '@stromwerk/media/draft-args';

export interface LibraryMedia {
  id: string;
  status: string;
  durationMs: number | null;
  probe: unknown;
}

/** Every media id a timeline names. */
export const mediaIdsOf = (t: Timeline) => [
  ...new Set([
    ...t.main.map((c) => c.mediaId),
    ...t.overlays.flatMap((o) => (o.type === 'image' ? [o.mediaId] : [])),
    ...t.audio.flatMap((a) => a.clips.map((c) => c.mediaId)),
  ]),
];

export function draftProblems(t: Timeline, media: readonly LibraryMedia[]): DraftProblem[] {
  const byId = new Map(media.map((m) => [m.id, m]));
  const problems: DraftProblem[] = [];
  const check = (
    clipId: string,
    mediaId: string,
    need: 'video' | 'audio' | 'image',
    endMs: number | null,
  ) => {
    const m = byId.get(mediaId);
    const say = (message: string) => problems.push({ clipId, mediaId, message });
    if (!m) return say('The media is gone');
    if (m.status !== 'ready') return say('The media is not ready');
    const info = m.probe as Partial<StreamInfo> | null;
    if (need !== 'audio' && !info?.video) return say('The media has no picture');
    if (need === 'audio' && !info?.audio) return say('The media has no sound');
    if (endMs !== null && m.durationMs !== null && endMs > m.durationMs + 50)
      say(`The clip ends after the media (${m.durationMs} ms)`);
  };
  for (const c of t.main) check(c.id, c.mediaId, 'video', c.outMs);
  for (const o of t.overlays) if (o.type === 'image') check(o.id, o.mediaId, 'image', null);
  for (const c of t.audio.flatMap((a) => a.clips)) check(c.id, c.mediaId, 'audio', c.inMs + c.durationMs);
  return problems;
}

/** A media as the render builder reads it (probe facts only; the caller adds the input address). */
export function sourceFacts(m: LibraryMedia): Omit<DraftSource, 'input'> {
  const info = (m.probe ?? {}) as Partial<StreamInfo>;
  return {
    durationMs: m.durationMs ?? 0,
    video: info.video
      ? { codec: info.video.codec, width: info.video.width, height: info.video.height, fps: info.video.fps }
      : null,
    audio: info.audio
      ? { codec: info.audio.codec, sampleRate: info.audio.sampleRate, channels: info.audio.channels }
      : null,
  };
}
