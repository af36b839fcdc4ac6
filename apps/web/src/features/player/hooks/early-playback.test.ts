import type { PlaySession } from '@stromwerk/contracts/outputs';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** hls.js as a stand-in: records what the early start asks of it. */
class FakeHls {
  static instances: FakeHls[] = [];
  static isSupported = () => true;
  static Events = {
    LEVEL_LOADED: 'levelLoaded',
    MANIFEST_PARSED: 'manifestParsed',
    ERROR: 'error',
    FRAG_LOADING: 'fragLoading',
    FRAG_LOADED: 'fragLoaded',
    FRAG_BUFFERED: 'fragBuffered',
    DESTROYING: 'destroying',
  };
  static ErrorDetails = { LEVEL_EMPTY_ERROR: 'levelEmptyError' };
  static ErrorTypes = { MEDIA_ERROR: 'mediaError' };
  static DefaultConfig = { loader: class {} };
  listeners = new Map<string, ((event: string, data: unknown) => void)[]>();
  source: string | null = null;
  media: HTMLVideoElement | null = null;
  destroyed = false;
  levels: unknown[] = [];
  currentLevel = -1;
  constructor(readonly config: object) {
    FakeHls.instances.push(this);
  }
  on(event: string, listener: (event: string, data: unknown) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  once(event: string, listener: (event: string, data: unknown) => void) {
    this.on(event, listener);
  }
  off(event: string, listener: (event: string, data: unknown) => void) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    );
  }
  emit(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(event, data);
  }
  loadSource(src: string) {
    this.source = src;
  }
  attachMedia(video: HTMLVideoElement) {
    this.media = video;
  }
  startLoad() {}
  destroy() {
    this.destroyed = true;
  }
}
vi.mock('./hls-loader', () => ({ preloadHls: async () => ({ default: FakeHls }) }));
const { earlyPictureShown, startEarlyPlayback, takeEarlyHls, takeEarlyVideo } = await import(
  './early-playback'
);

const session = (over: Partial<PlaySession> = {}) =>
  ({
    token: 't',
    name: 'Stage',
    input: 'main',
    hlsUrl: '/v1/play/p/t/x/index.m3u8',
    latency: 'normal',
    background: '#101010',
    ...over,
  }) as PlaySession;
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
/** An early start of the live session, its playlist prefetch answered. */
async function startPlaying() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('#EXTM3U\n')),
  );
  startEarlyPlayback(session(), false);
  await settled();
}

afterEach(() => {
  takeEarlyHls(null);
  takeEarlyVideo();
  FakeHls.instances = [];
  vi.unstubAllGlobals();
});

describe('early playback', () => {
  it('plays the session in a page-filling <video> that the stage then takes, and hands hls.js over once', async () => {
    await startPlaying();
    const holder = document.querySelector<HTMLElement>('[data-early-playback]');
    const video = holder?.querySelector('video');
    expect(video?.controls).toBe(true);
    expect(holder?.style.position).toBe('fixed');
    const [hls] = FakeHls.instances;
    expect(hls?.source).toBe('/v1/play/p/t/x/index.m3u8');
    expect(hls?.media).toBe(video);

    expect(takeEarlyVideo()).toBe(video);
    expect(document.querySelector('[data-early-playback]')).toBeNull();
    const taken = takeEarlyHls('/v1/play/p/t/x/index.m3u8');
    expect(taken?.started.hls).toBe(hls);
    expect(takeEarlyHls('/v1/play/p/t/x/index.m3u8')).toBeNull();
    expect(hls?.destroyed).toBe(false);
  });

  it('starts nothing for an offline program or one played over WebRTC', async () => {
    startEarlyPlayback(session({ input: 'offline', hlsUrl: null }), false);
    startEarlyPlayback(session(), true);
    await settled();
    expect(document.querySelector('video')).toBeNull();
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('stops an early start the page does not play, and one that failed before the hook took it', async () => {
    await startPlaying();
    expect(takeEarlyHls('/v1/play/p/t/OTHER/index.m3u8')).toBeNull();
    expect(FakeHls.instances[0]?.destroyed).toBe(true);
    takeEarlyVideo();

    startEarlyPlayback(session(), false);
    await settled();
    FakeHls.instances[1]?.emit('error', { fatal: true, details: 'manifestLoadError', type: 'networkError' });
    expect(FakeHls.instances[1]?.destroyed).toBe(true);
    expect(takeEarlyHls('/v1/play/p/t/x/index.m3u8')).toBeNull();
  });

  it('tells the page once its picture plays, when autoplay is refused even muted, and when the start failed', async () => {
    const isShown = (shown: Promise<void>) => {
      let done = false;
      void shown.then(() => {
        done = true;
      });
      return settled().then(() => done);
    };
    expect(await isShown(earlyPictureShown()), 'no early start: nothing to wait for').toBe(true);

    let play = () => {};
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(
      () => new Promise<void>((resolve) => (play = resolve)),
    );
    await startPlaying();
    const shown = earlyPictureShown();
    expect(await isShown(shown), 'before the playlist').toBe(false);
    FakeHls.instances[0]?.emit('manifestParsed', {});
    expect(await isShown(shown), 'playlist parsed, not playing yet').toBe(false);
    play();
    expect(await isShown(shown), 'playing').toBe(true);
    takeEarlyHls(null);
    takeEarlyVideo();

    const refused = () => Promise.reject(new DOMException('no gesture', 'NotAllowedError'));
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(refused);
    startEarlyPlayback(session(), false);
    await settled();
    FakeHls.instances[1]?.emit('manifestParsed', {});
    expect(await isShown(earlyPictureShown()), 'refused with sound and muted').toBe(true);
    takeEarlyHls(null);
    takeEarlyVideo();

    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => new Promise<void>(() => {}));
    startEarlyPlayback(session(), false);
    await settled();
    const failing = earlyPictureShown();
    FakeHls.instances[2]?.emit('error', { fatal: true, details: 'manifestLoadError', type: 'networkError' });
    expect(await isShown(failing), 'failed').toBe(true);
  });
});
