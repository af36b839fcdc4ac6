import type { StoredInput } from '@stromwerk/media/safe-input';
import type { MediaFile } from '../../db/schema/media';
import type { Storage } from '../../plugins/storage';

/**
 * How ffmpeg reads a media's file: its storage address (a local path, or on S3 an address of the loopback relay) and the
 * demuxer the upload probe found (`probe.formatName`), which the argument builders force through
 * safeInput(). A media without one (older rows) is still read under the demuxer whitelist.
 */
export async function storedInput(
  storage: Storage,
  media: { probe: unknown },
  file: MediaFile,
): Promise<StoredInput> {
  const format = (media.probe as { formatName?: unknown } | null)?.formatName;
  const url = await storage.ffmpegInput(file.bucketRef);
  return { url, format: typeof format === 'string' ? format : null };
}
