import type { MediaCapabilities } from '@stromwerk/media/capabilities';
import type { MediaRuntime } from '@stromwerk/media/media-runtime';
import { AppError } from './app-error';

/** What a service reads of this process's ffmpeg, at the moment a request needs it. */
export type MediaStatus = Pick<MediaRuntime, 'state' | 'capabilities'>;

/**
 * Refuses a request whose feature this process's ffmpeg is known to lack: FEATURE_UNAVAILABLE (503) with
 * `message`. Known means detection settled (ready, or absent: not installed). While it is still detecting
 * (a probe timed out and is asked again, media-runtime.ts) nothing is known yet and the request goes
 * ahead: its job waits in the queue, since the worker claims nothing until ffmpeg answered (issue 29).
 */
export function assertMediaFeature(
  media: MediaStatus,
  has: (capabilities: MediaCapabilities) => boolean,
  message: string,
) {
  if (media.state !== 'detecting' && !has(media.capabilities))
    throw new AppError('FEATURE_UNAVAILABLE', message);
}

/** Renders (clips, drafts) encode H.264. */
export const rendersMp4 = (c: MediaCapabilities) => c.ffmpeg && c.encoders.libx264;
