import { join } from 'node:path';
import {
  frameAt,
  PREVIEW_FRAME_WIDTH,
  PREVIEW_FRAMES,
  previewTimes,
  tileFrames,
  waveformPng,
} from '@stromwerk/media/file-args';
import type { StoredInput } from '@stromwerk/media/safe-input';
import type { MediaFile } from '../../db/schema/media';
import type { Storage } from '../../plugins/storage';
import { mediaKey } from '../medias/medias.service';

/** The pictures made from a media's own content, and the extension each is stored under. */
export const STILLS = [
  ['thumbnail', '.jpg', 'image/jpeg'],
  ['preview', '.jpg', 'image/jpeg'],
  ['waveform', '.png', 'image/png'],
] as const;
type StillKind = (typeof STILLS)[number][0];
export const isStill = (kind: string): kind is StillKind => STILLS.some(([k]) => k === kind);

/**
 * A still (10 % into the media, at most 5 s) and a strip of 10 frames for the hover preview when it has a
 * picture, and a waveform of its sound when it has sound, stored under the media's keys. `run` runs one
 * ffmpeg (the job's, so cancelling the job stops it); `dir` is scratch.
 */
export async function makeStills(o: {
  storage: Storage;
  media: { id: string; probe: unknown; durationMs: number | null };
  input: StoredInput;
  dir: string;
  run: (args: string[]) => Promise<unknown>;
  progress?: (fraction: number) => void;
}): Promise<MediaFile[]> {
  const probe = o.media.probe as { video?: unknown; audio?: unknown } | null;
  const made = new Map<StillKind, string>();
  if (probe?.video) {
    const durationMs = o.media.durationMs ?? 0;
    const still = join(o.dir, 'thumbnail.jpg');
    await o.run(frameAt(o.input, Math.min(5, (durationMs / 1000) * 0.1), still));
    o.progress?.(0.2);
    const times = previewTimes(durationMs);
    for (const [i, at] of times.entries()) {
      await o.run(
        frameAt(o.input, at, join(o.dir, `frame-${String(i).padStart(2, '0')}.jpg`), PREVIEW_FRAME_WIDTH),
      );
      o.progress?.(0.2 + (0.6 * (i + 1)) / times.length);
    }
    const strip = join(o.dir, 'preview.jpg');
    await o.run(tileFrames(join(o.dir, 'frame-%02d.jpg'), PREVIEW_FRAMES, strip));
    made.set('thumbnail', still).set('preview', strip);
  }
  if (probe?.audio) {
    const wave = join(o.dir, 'waveform.png');
    await o.run(waveformPng(o.input, wave));
    made.set('waveform', wave);
  }
  const files: MediaFile[] = [];
  for (const [kind, ext, mimeType] of STILLS) {
    const file = made.get(kind);
    if (!file) continue;
    const bucketRef = mediaKey(o.media.id, kind, ext);
    const size = await o.storage.importFile(bucketRef, file);
    files.push({ kind, bucketRef, size, mimeType });
  }
  return files;
}
