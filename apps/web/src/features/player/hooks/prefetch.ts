/**
 * The player's first loads fetched before hls.js runs (early-playback.ts), and an hls.js loader that
 * hands each of them over once instead of asking the server again. The page's early start knows the
 * playlist's address when the session answers; hls.js (360 kB of JavaScript) is still loading and
 * evaluating then, so its first playlist, init segment and part went out 0.25-0.4 s later, one after
 * another. A prefetched load reports the timings of its real request (hls.js's bandwidth estimate reads
 * them). Imports nothing at run time: part of the page's entry chunk.
 */
import type {
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  LoaderStats,
} from 'hls.js';

interface Prefetched {
  data: string | ArrayBuffer;
  url: string;
  /** performance.now() at the request, the first byte and the end. */
  start: number;
  first: number;
  end: number;
}

type As = 'text' | 'arraybuffer';
const pending = new Map<string, { as: As; load: Promise<Prefetched | null> }>();

const absolute = (url: string) => new URL(url, window.location.href).href;

/** Fetches `url` now (once), for hls.js's loader to take; null when it fails. */
export function prefetch(url: string, as: As): Promise<Prefetched | null> {
  const href = absolute(url);
  const known = pending.get(href);
  if (known) return known.load;
  const start = performance.now();
  const load = fetch(href, { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) return null;
      const first = performance.now();
      const data = as === 'text' ? await response.text() : await response.arrayBuffer();
      return { data, url: href, start, first, end: performance.now() };
    })
    .catch(() => null);
  pending.set(href, { as, load });
  return load;
}

/** The prefetch of `url` as hls.js asks for it, once; null when there is none of that kind. */
function take(url: string, as: string): Promise<Prefetched | null> | null {
  // hls.js asks for its first playlist by the address it was given, relative to the page.
  const href = absolute(url);
  const known = pending.get(href);
  if (!known || known.as !== as) return null;
  pending.delete(href);
  return known.load;
}

/** Forgets prefetches nobody took (a start that went another way). */
export const dropPrefetches = () => pending.clear();

type LoaderClass = new (config: HlsConfig) => Loader<LoaderContext>;

/** hls.js's own loader (`Base`), except that a prefetched address is answered from its prefetch. */
export function prefetchingLoader(Base: LoaderClass): LoaderClass {
  return class PrefetchingLoader implements Loader<LoaderContext> {
    private readonly inner: Loader<LoaderContext>;
    private aborted = false;
    context: LoaderContext | null = null;

    constructor(config: HlsConfig) {
      this.inner = new Base(config);
    }

    get stats(): LoaderStats {
      return this.inner.stats;
    }

    load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>) {
      this.context = context;
      const prefetched = context.rangeEnd ? null : take(context.url, context.responseType);
      if (!prefetched) {
        this.inner.load(context, config, callbacks);
        return;
      }
      void prefetched.then((hit) => {
        if (this.aborted) return;
        if (!hit) {
          this.inner.load(context, config, callbacks);
          return;
        }
        const stats = this.inner.stats;
        const size = typeof hit.data === 'string' ? hit.data.length : hit.data.byteLength;
        stats.loading = { start: hit.start, first: hit.first, end: hit.end };
        stats.loaded = stats.total = size;
        stats.bwEstimate = (size * 8000) / Math.max(1, hit.end - hit.first);
        callbacks.onSuccess({ url: hit.url, data: hit.data, code: 200 }, stats, context, null);
      });
    }

    abort() {
      this.aborted = true;
      this.inner.abort();
    }

    destroy() {
      this.aborted = true;
      this.inner.destroy();
    }
  };
}
