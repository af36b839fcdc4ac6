// The one place that decides how ffmpeg and ffprobe open a stored media: exactly that object, with one
// allowed demuxer, and nothing it might name. Playlist and reference formats (HLS, concat, SDP, DASH,
// IMF, image2 sequences...) open other files and URLs on their own: a user's upload that is one of those
// could make the server read another tenant's media, /etc/passwd or an internal address for the user.

/**
 * Containers that carry their own samples and open nothing else (mov's external `dref` tracks stay off:
 * ffmpeg's enable_drefs defaults to 0, and uploads that have one are refused, see probe.ts). Names are
 * ffmpeg demuxer names; ffprobe reports a demuxer by all its aliases ("mov,mp4,m4a,3gp,3g2,mj2").
 */
export const MEDIA_DEMUXERS: readonly string[] = [
  'mov',
  'matroska',
  'mpegts',
  'mpeg',
  'flv',
  'avi',
  'mp3',
  'wav',
  'aac',
  'ogg',
  'flac',
  'mxf',
];

/** Single stills (overlay images): the *_pipe demuxers read one picture, never an image2 sequence. */
export const IMAGE_DEMUXERS: readonly string[] = ['png_pipe', 'jpeg_pipe', 'webp_pipe', 'gif'];

export const ALLOWED_DEMUXERS: readonly string[] = [...MEDIA_DEMUXERS, ...IMAGE_DEMUXERS];

/**
 * The allowed demuxer behind ffprobe's format_name ("mov,mp4,m4a,3gp,3g2,mj2" -> "mov", "matroska,webm"
 * -> "matroska"), or null when it is not one we read (hls, concat, image2...) or unknown.
 */
export function allowedDemuxer(formatName: string | null | undefined): string | null {
  if (!formatName) return null;
  const aliases = formatName.split(',').map((n) => n.trim().toLowerCase());
  return ALLOWED_DEMUXERS.find((d) => aliases.includes(d)) ?? null;
}

/** A stored media as ffmpeg reads it: a local path (or file: URL) or the http(s) address it is read through (S3: the loopback relay). */
export interface StoredInput {
  url: string;
  /** ffprobe's format_name from the upload probe; forces the demuxer when it is an allowed one. */
  format?: string | null;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The protocols one stored input may use, and the address to give ffmpeg. Local paths get the `file:`
 * prefix so nothing in a path is read as a protocol (`concat:`, `subfile:`, `data:`); an S3 object is
 * read over http(s) and nothing else. Any other address is a programming error, not a media.
 */
export function inputAddress(url: string): { protocols: string; address: string } {
  const scheme = url.match(SCHEME)?.[1]?.toLowerCase();
  if (scheme === undefined) return { protocols: 'file', address: `file:${url}` };
  if (scheme === 'file') return { protocols: 'file', address: url };
  if (scheme === 'https') return { protocols: 'https,tls,tcp', address: url };
  if (scheme === 'http') return { protocols: 'http,tcp', address: url };
  throw new Error(`not a stored media address: ${scheme}:…`);
}

/**
 * Input options and `-i` for one stored media, for ffmpeg and ffprobe alike: a protocol whitelist of
 * that one object's scheme, a format whitelist of the allowed demuxers (which reference formats fail,
 * nested ones included) and the probed demuxer forced where it is known. Options that must come before
 * this input (-ss, -re, -stream_loop) go in front of it.
 */
export function safeInput(input: StoredInput): string[] {
  const { protocols, address } = inputAddress(input.url);
  const forced = allowedDemuxer(input.format);
  return [
    ...['-protocol_whitelist', protocols],
    ...['-format_whitelist', ALLOWED_DEMUXERS.join(',')],
    ...(forced ? ['-f', forced] : []),
    ...['-i', address],
  ];
}
