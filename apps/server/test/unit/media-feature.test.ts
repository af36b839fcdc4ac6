import { capabilitiesFrom, noCapabilities } from '@stromwerk/media/capabilities';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error';
import { assertMediaFeature, type MediaStatus, rendersMp4 } from '../../src/lib/media-feature';

const paths = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
/** ffmpeg and ffprobe answer; `encoders` is what -encoders lists. */
const ready = (encoders: string): MediaStatus => ({
  state: 'ready',
  capabilities: capabilitiesFrom(
    { version: 'ffmpeg version 5.1', protocols: '', encoders, filters: '', probe: 'ffprobe version 5.1' },
    paths,
  ),
});
const refusal = (media: MediaStatus) => {
  try {
    assertMediaFeature(media, rendersMp4, 'Rendering needs libx264');
    return undefined;
  } catch (e) {
    return e instanceof AppError ? `${e.statusCode} ${e.code} ${e.message}` : e;
  }
};

describe('assertMediaFeature: refuses only what this process is known to lack', () => {
  it('lets a render through while ffmpeg is being detected: its job waits for the worker', () => {
    expect(refusal({ state: 'detecting', capabilities: noCapabilities('ffmpeg is being detected') })).toBe(
      undefined,
    );
  });

  it('refuses with FEATURE_UNAVAILABLE when ffmpeg is absent, or ready without the encoder', () => {
    const absent: MediaStatus = { state: 'absent', capabilities: capabilitiesFrom({}, paths) };
    expect(refusal(absent)).toBe('503 FEATURE_UNAVAILABLE Rendering needs libx264');
    expect(refusal(ready(' A..... aac'))).toBe('503 FEATURE_UNAVAILABLE Rendering needs libx264');
  });

  it('lets it through when ffmpeg is ready with what the feature needs', () => {
    expect(refusal(ready(' V..... libx264\n A..... aac'))).toBe(undefined);
  });
});
