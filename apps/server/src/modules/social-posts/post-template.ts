/**
 * Fills a post's title or description: `{date}` (YYYY-MM-DD) and `{time}` (HH:MM), both UTC, and
 * `{media}` (the media's name). Other text, braces included, stays as written.
 */
export function fillPostTemplate(template: string, values: { media: string; now: Date }): string {
  const iso = values.now.toISOString();
  const fields: Record<string, string> = {
    '{date}': iso.slice(0, 10),
    '{time}': iso.slice(11, 16),
    '{media}': values.media,
  };
  return template.replace(/\{(date|time|media)\}/g, (m) => fields[m] ?? m);
}

/** A file name from a title (its own extension dropped): no path separators or control characters. */
export function fileNameOf(title: string, extension: string): string {
  const named =
    extension && title.toLowerCase().endsWith(extension) ? title.slice(0, -extension.length) : title;
  const base =
    named
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'media';
  return `${base}${extension}`;
}

const EXTENSION_BY_FORMAT: [RegExp, string][] = [
  [/matroska/, '.mkv'],
  [/webm/, '.webm'],
  [/mp4|mov/, '.mp4'],
  [/mpegts/, '.ts'],
  [/^mpeg$/, '.mpg'],
  [/^mp3$/, '.mp3'],
  [/^avi$/, '.avi'],
  [/^aac$/, '.aac'],
  [/^flac$/, '.flac'],
  [/^mxf$/, '.mxf'],
  [/flv/, '.flv'],
  [/wav/, '.wav'],
  [/ogg/, '.ogg'],
];

/** The extension a posted file gets: its stored name's, else the one of the format the upload probe found. */
export function extensionOf(bucketRef: string, formatName: unknown): string {
  const own = /\.[a-z0-9]{1,8}$/i.exec(bucketRef)?.[0];
  if (own) return own.toLowerCase();
  const format = typeof formatName === 'string' ? formatName : '';
  return EXTENSION_BY_FORMAT.find(([re]) => re.test(format))?.[1] ?? '';
}
