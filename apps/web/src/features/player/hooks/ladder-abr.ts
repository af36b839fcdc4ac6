/**
 * hls.js's adaptive bitrate for a player with a quality ladder (issue 34), and the part watcher that keeps
 * a low-latency viewer from freezing when the line narrows.
 *
 * Why the watcher: a low-latency viewer holds about a second of video, and hls.js 1.7 reacted to a line
 * that narrowed from open to 1 Mbit/s under the 2.5 Mbit/s source only once that second was gone (the
 * e2e flow froze 0.75-6.9 s). Once a part loads slower than real time, the next one is already listed
 * when it arrives, and hls.js loads the rest of the segment's parts in one chain (doFragPartsLoad):
 * without FRAG_LOADING, so its abandon rule is not armed for them, and without FRAG_BUFFERED until the
 * segment's last part, so its bandwidth estimate stands still (it stayed at 8-16 Mbit/s while 720p parts
 * of 0.3 s took 0.7-0.9 s each). And the rule, where armed, weighs only the part in flight against the
 * buffer: "this part still arrives in time" held part after part until the buffer was empty. A switch then costs more than in normal latency: hls.js takes
 * the lower rung from the segment's independent part, before the playhead, and the buffered frames of
 * the old rung after it are dropped with it (they depend on that keyframe), so the picture waits for the
 * lower rung to catch up. The watcher decides as soon as one part is slower than real time because the
 * line is (its first byte came, the bytes after it too slowly), while it loads or, in a chain, when it
 * arrived; it aborts the load and takes the highest rung whose parts fit in real time with room to spare.
 */

/**
 * Half-lives of 1 / 3 s instead of hls.js's 3 / 9 s: its samples weigh as long as their download took,
 * and its defaults kept a viewer whose 1 Mbit/s line opened on the lower rung for over a minute (segments
 * then load in 50 ms each, so 9 s of downloading is some 180 segments).
 */
export const LADDER_ABR = { abrEwmaFastLive: 1, abrEwmaSlowLive: 3 };

/** A rung fits when its part would load in this share of the part's duration. */
const FIT = 0.8;

export type PartInFlight = {
  /** The part's duration. */
  seconds: number;
  /** Since its request went out. */
  elapsedMs: number;
  /** Time to its first byte; null while none came (then the server is slow, not the line). */
  firstByteMs: number | null;
  loadedBytes: number;
  /** The rung it belongs to, and every rung's bitrate (bit/s, lowest first). */
  level: number;
  bitrates: readonly number[];
};

/**
 * The rung to drop to when a part is slower than real time because of the line, or null. The measured
 * rate is the part's bytes since its first byte; a rung fits when its first byte plus its part at that
 * rate take at most FIT of the part's duration.
 */
export function paceDownLevel(part: PartInFlight): number | null {
  const { seconds, elapsedMs, firstByteMs, loadedBytes, level, bitrates } = part;
  if (level <= 0 || elapsedMs < seconds * 1000 || firstByteMs === null || loadedBytes <= 0) return null;
  const bitsPerSecond = (loadedBytes * 8 * 1000) / Math.max(elapsedMs - firstByteMs, 1);
  if (bitsPerSecond >= bitrates[level]!) return null;
  for (let lower = level - 1; lower > 0; lower--)
    if (firstByteMs + (seconds * bitrates[lower]! * 1000) / bitsPerSecond <= seconds * 1000 * FIT)
      return lower;
  return 0;
}

/** What the watcher needs of hls.js (its instance and its event names). */
type Part = { duration: number; stats: LoadStats };
type LoadStats = { loaded: number; aborted: boolean; loading: { start: number; first: number; end: number } };
type Frag = { type: string; level: number; bitrateTest: boolean; abortRequests(): void };
type Listener = (event: string, data: { frag: Frag; part?: Part | null }) => void;
export type PacedHls = {
  levels: readonly { bitrate: number }[];
  autoLevelEnabled: boolean;
  nextLoadLevel: number;
  bandwidthEstimate: number;
  on(event: string, listener: Listener): void;
  off(event: string, listener: Listener): void;
};

const CHECK_MS = 50;

/**
 * Watches each part of the main rung while it loads (auto quality only) and drops the rung when
 * paceDownLevel says so: the part is aborted, hls.js loads the lower rung next and its estimate starts
 * over from the measured rate. Returns the function that stops watching.
 */
export function watchPartPace(
  hls: PacedHls,
  events: { FRAG_LOADING: string; FRAG_LOADED: string; FRAG_BUFFERED: string; DESTROYING: string },
  now: () => number = () => performance.now(),
): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  // Only once the picture plays: the start on a thin line is hls.js's own (its first, bitrate-testing
  // part; the player's first rung).
  let playing = false;
  const onBuffered = () => {
    playing = true;
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const watched = (frag: Frag, part?: Part | null): part is Part =>
    playing && !!part && frag.type === 'main' && !frag.bitrateTest && hls.autoLevelEnabled;
  /** Drops the rung when the part (loading until `at`) says so; true when it did. */
  const judge = (frag: Frag, part: Part, at: number) => {
    const { stats } = part;
    const level = paceDownLevel({
      seconds: part.duration,
      elapsedMs: at - stats.loading.start,
      firstByteMs: stats.loading.first > 0 ? stats.loading.first - stats.loading.start : null,
      loadedBytes: stats.loaded,
      level: frag.level,
      bitrates: hls.levels.map((l) => l.bitrate),
    });
    if (level === null) return false;
    const bitsPerSecond = (stats.loaded * 8 * 1000) / Math.max(at - stats.loading.first, 1);
    // In hls.js's own order (its abandon rule): the next rung first, then the abort (of the part in
    // flight, or of the chain's next part).
    hls.nextLoadLevel = level;
    frag.abortRequests();
    hls.bandwidthEstimate = bitsPerSecond;
    return true;
  };
  const onLoading = (_event: string, { frag, part }: { frag: Frag; part?: Part | null }) => {
    stop();
    if (!watched(frag, part)) return;
    timer = setInterval(() => {
      if (part.stats.aborted || part.stats.loading.end > 0 || !hls.autoLevelEnabled) return stop();
      if (judge(frag, part, now())) stop();
    }, CHECK_MS);
  };
  // A part loaded in a chain had no FRAG_LOADING: it is judged when it arrived, once hls.js has sent
  // the chain's next request (which the abort then cancels).
  const onLoaded = (_event: string, { frag, part }: { frag: Frag; part?: Part | null }) => {
    stop();
    if (!watched(frag, part) || part.stats.aborted) return;
    const at = part.stats.loading.end;
    setTimeout(() => watched(frag, part) && hls.nextLoadLevel === frag.level && judge(frag, part, at), 0);
  };
  const unwatch = () => {
    stop();
    hls.off(events.FRAG_LOADING, onLoading);
    hls.off(events.FRAG_LOADED, onLoaded);
    hls.off(events.FRAG_BUFFERED, onBuffered);
    hls.off(events.DESTROYING, unwatch);
  };
  hls.on(events.FRAG_LOADING, onLoading);
  hls.on(events.FRAG_LOADED, onLoaded);
  hls.on(events.FRAG_BUFFERED, onBuffered);
  hls.on(events.DESTROYING, unwatch);
  return unwatch;
}
