/**
 * What hls.js will load first from a media playlist, read from its text (pure): the init segment, and
 * for low latency the newest independent part PART-HOLD-BACK allows (the start use-hls.ts asks hls.js
 * for: newestIndependentPart). The page's early start fetches these while hls.js itself still loads
 * (early-playback.ts). A multivariant playlist gives nothing: which rung plays is hls.js's choice.
 */

/** An attribute of a tag line (`#EXT-X-PART:DURATION=0.3,URI="p.m4s"`), quoted or not. */
function attribute(line: string, name: string): string | undefined {
  const match = new RegExp(`[:,]${name}=(?:"([^"]*)"|([^,]*))`).exec(line);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * The init segment (the last EXT-X-MAP: where a viewer near the end starts), and in low latency the
 * newest independent part at least PART-HOLD-BACK before the playlist's end, with the EXT-X-MAP it
 * plays under. Addresses as the playlist writes them (relative to it).
 */
export function firstLoads(playlist: string, lowLatency: boolean): string[] {
  if (playlist.includes('#EXT-X-STREAM-INF')) return [];
  const parts: { start: number; uri: string; independent: boolean; map?: string }[] = [];
  let map: string | undefined;
  let holdBack = Number.NaN;
  let segmentStart = 0;
  let partStart = 0;
  let extinf = 0;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MAP:')) map = attribute(line, 'URI');
    else if (line.startsWith('#EXT-X-SERVER-CONTROL:')) holdBack = Number(attribute(line, 'PART-HOLD-BACK'));
    else if (line.startsWith('#EXT-X-PART:')) {
      const uri = attribute(line, 'URI');
      const duration = Number(attribute(line, 'DURATION'));
      if (!uri || !Number.isFinite(duration)) return map ? [map] : [];
      parts.push({ start: partStart, uri, independent: attribute(line, 'INDEPENDENT') === 'YES', map });
      partStart += duration;
    } else if (line.startsWith('#EXTINF:')) extinf = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#')) {
      segmentStart += extinf;
      partStart = segmentStart;
    }
  }
  if (!lowLatency || !(holdBack > 0)) return map ? [map] : [];
  const limit = Math.max(partStart, segmentStart) - holdBack;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    if (part.independent && part.start <= limit + 1e-6) return part.map ? [part.map, part.uri] : [part.uri];
  }
  return map ? [map] : [];
}
