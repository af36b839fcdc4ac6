import type { HlsConfig, LoaderCallbacks, LoaderConfiguration, LoaderContext } from 'hls.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropPrefetches, prefetch, prefetchingLoader } from './prefetch';

/** hls.js's own loader as a stand-in: records what it was asked to load. */
class InnerLoader {
  static loads: string[] = [];
  context: LoaderContext | null = null;
  stats = {
    aborted: false,
    loaded: 0,
    retry: 0,
    total: 0,
    chunkCount: 0,
    bwEstimate: 0,
    loading: { start: 0, first: 0, end: 0 },
    parsing: { start: 0, end: 0 },
    buffering: { start: 0, first: 0, end: 0 },
  };
  load(context: LoaderContext) {
    InnerLoader.loads.push(context.url);
  }
  abort() {}
  destroy() {}
}
const Loader = prefetchingLoader(InnerLoader as never);
const context = (url: string, responseType: string) => ({ url, responseType }) as LoaderContext;
const config = {} as LoaderConfiguration;
const callbacks = () => ({ onSuccess: vi.fn(), onError: vi.fn(), onTimeout: vi.fn() });

afterEach(() => {
  vi.unstubAllGlobals();
  dropPrefetches();
  InnerLoader.loads = [];
});

describe('prefetchingLoader', () => {
  it('answers a prefetched address once from its prefetch, with the real request timings', async () => {
    const fetch = vi.fn(async () => new Response('#EXTM3U\n'));
    vi.stubGlobal('fetch', fetch);
    const url = new URL('/v1/play/p/t/x/index.m3u8', window.location.href).href;
    await prefetch('/v1/play/p/t/x/index.m3u8', 'text');
    const first = new Loader({} as HlsConfig);
    const answered = callbacks();
    // hls.js names its first playlist as it was given (relative to the page).
    first.load(
      context('/v1/play/p/t/x/index.m3u8', 'text'),
      config,
      answered as unknown as LoaderCallbacks<LoaderContext>,
    );
    await vi.waitFor(() => expect(answered.onSuccess).toHaveBeenCalledOnce());
    const [response, stats] = answered.onSuccess.mock.calls[0]!;
    expect(response).toEqual({ url, data: '#EXTM3U\n', code: 200 });
    expect(stats.loaded).toBe(8);
    expect(stats.loading.end).toBeGreaterThanOrEqual(stats.loading.first);
    expect(stats.loading.first).toBeGreaterThanOrEqual(stats.loading.start);
    expect(InnerLoader.loads).toEqual([]);
    // Taken once: the next load of the same address (a playlist reload) asks the server.
    new Loader({} as HlsConfig).load(context(url, 'text'), config, callbacks() as never);
    expect(InnerLoader.loads).toEqual([url]);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('leaves other addresses, another response type and a failed prefetch to hls.js', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    const part = new URL('/part_1_0.m4s', window.location.href).href;
    const init = new URL('/init_0.mp4', window.location.href).href;
    void prefetch(part, 'arraybuffer');
    void prefetch(init, 'arraybuffer');
    new Loader({} as HlsConfig).load(context(part, 'text'), config, callbacks() as never);
    new Loader({} as HlsConfig).load(
      context('http://elsewhere/x.m3u8', 'text'),
      config,
      callbacks() as never,
    );
    const failed = callbacks();
    new Loader({} as HlsConfig).load(context(init, 'arraybuffer'), config, failed as never);
    await vi.waitFor(() => expect(InnerLoader.loads).toHaveLength(3));
    expect(InnerLoader.loads).toEqual([part, 'http://elsewhere/x.m3u8', init]);
    expect(failed.onSuccess).not.toHaveBeenCalled();
  });
});
