import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playsWebRtc, startEarlyWhep, takeEarlyWhep } from '../api/early-whep';
import { CONNECT_DEADLINE_MS, useWhep } from './use-whep';

/** Just enough of a browser's peer for the hook: gathering is complete at once, nothing connects. */
class FakePeer {
  static last: FakePeer;
  static made = 0;
  /** The state a peer reaches once its answer is set (an early peer may connect before the hook). */
  static connectsTo = 'new';
  iceGatheringState = 'complete';
  connectionState = 'new';
  localDescription: { sdp: string } | null = null;
  remote: { type: string; sdp: string } | null = null;
  transceivers: [string, string][] = [];
  closed = false;
  constructor() {
    FakePeer.last = this;
    FakePeer.made++;
  }
  addTransceiver(kind: string, init: { direction: string }) {
    this.transceivers.push([kind, init.direction]);
  }
  addEventListener() {}
  async createOffer() {
    return { type: 'offer', sdp: 'v=0\r\noffer' };
  }
  async setLocalDescription(description: { sdp: string }) {
    this.localDescription = description;
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remote = description;
    this.connectionState = FakePeer.connectsTo;
  }
  close() {
    this.closed = true;
  }
}

const fetchMock = vi.fn();
const answer = (status: number, location?: string) =>
  new Response(status === 201 ? 'v=0\r\nanswer' : '{}', {
    status,
    headers: location ? { Location: location } : {},
  });

function mount(onFallBack: () => void) {
  const video = { current: document.createElement('video') };
  return renderHook(() => useWhep(video, '/v1/play/p1/whep?t=token', onFallBack));
}

describe('useWhep', () => {
  beforeEach(() => {
    vi.stubGlobal('RTCPeerConnection', FakePeer);
    vi.stubGlobal(
      'MediaStream',
      class {
        addTrack() {}
      },
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    FakePeer.connectsTo = 'new';
    FakePeer.made = 0;
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('offers recvonly video and audio, sets the answer, and DELETEs the resource with keepalive on leaving', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, '/v1/play/p1/whep/r1'));
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const fallBack = vi.fn();
    const { unmount } = mount(fallBack);
    await waitFor(() => expect(FakePeer.last.remote).toEqual({ type: 'answer', sdp: 'v=0\r\nanswer' }));
    expect(FakePeer.last.transceivers).toEqual([
      ['video', 'recvonly'],
      ['audio', 'recvonly'],
    ]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/v1/play/p1/whep?t=token',
      expect.objectContaining({ method: 'POST', body: 'v=0\r\noffer' }),
    );
    unmount();
    expect(FakePeer.last.closed).toBe(true);
    expect(fetchMock).toHaveBeenLastCalledWith('/v1/play/p1/whep/r1', { method: 'DELETE', keepalive: true });
    expect(fallBack).not.toHaveBeenCalled();
  });

  it('DELETEs the resource once when the page goes (pagehide: no React cleanup runs then)', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, '/v1/play/p1/whep/r3'));
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const { unmount } = mount(vi.fn());
    await waitFor(() => expect(FakePeer.last.remote).not.toBeNull());
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenLastCalledWith('/v1/play/p1/whep/r3', { method: 'DELETE', keepalive: true });
    unmount();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('falls back once on a refused offer (409) and has nothing to DELETE', async () => {
    fetchMock.mockResolvedValueOnce(answer(409));
    const fallBack = vi.fn();
    const { unmount } = mount(fallBack);
    await waitFor(() => expect(fallBack).toHaveBeenCalledTimes(1));
    unmount();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back when the POST fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const fallBack = vi.fn();
    const { unmount } = mount(fallBack);
    await waitFor(() => expect(fallBack).toHaveBeenCalledTimes(1));
    unmount();
  });

  it('falls back when answered but not connected by the connect deadline, and DELETEs the resource', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(answer(201, '/v1/play/p1/whep/r2'));
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const fallBack = vi.fn();
    const { unmount } = mount(fallBack);
    await vi.advanceTimersByTimeAsync(CONNECT_DEADLINE_MS - 100);
    expect(fallBack).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(fallBack).toHaveBeenCalledTimes(1);
    unmount(); // the stage clears the url: the hook's cleanup ends the peer
    expect(fetchMock).toHaveBeenLastCalledWith('/v1/play/p1/whep/r2', { method: 'DELETE', keepalive: true });
  });

  it('takes over the offer started when the early session answered, connected before it mounted', async () => {
    FakePeer.connectsTo = 'connected';
    fetchMock.mockResolvedValueOnce(answer(201, '/v1/play/p1/whep/r4'));
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    startEarlyWhep('/v1/play/p1/whep?t=token');
    await waitFor(() => expect(FakePeer.last.connectionState).toBe('connected'));
    const video = { current: document.createElement('video') };
    const play = vi.spyOn(video.current, 'play').mockResolvedValue(undefined);
    const fallBack = vi.fn();
    const { unmount } = renderHook(() => useWhep(video, '/v1/play/p1/whep?t=token', fallBack));
    // No state change comes any more: the hook sees the connection as it finds it, and plays.
    await waitFor(() => expect(play).toHaveBeenCalled());
    expect(video.current.srcObject).not.toBeNull();
    expect(FakePeer.made).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unmount();
    expect(fetchMock).toHaveBeenLastCalledWith('/v1/play/p1/whep/r4', { method: 'DELETE', keepalive: true });
    expect(fallBack).not.toHaveBeenCalled();
  });

  it('ends an early offer of another viewer token instead of taking it', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, '/v1/play/p1/whep/r5'));
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    startEarlyWhep('/v1/play/p1/whep?t=old');
    const early = FakePeer.last;
    expect(takeEarlyWhep('/v1/play/p1/whep?t=new')).toBeNull();
    expect(early.closed).toBe(true);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenLastCalledWith('/v1/play/p1/whep/r5', {
        method: 'DELETE',
        keepalive: true,
      }),
    );
    expect(takeEarlyWhep('/v1/play/p1/whep?t=old')).toBeNull();
  });
});

describe('playsWebRtc', () => {
  const session = { latency: 'realtime', input: 'main', hlsUrl: '/v1/play/p1/index.m3u8' } as const;
  const plays = (s: object) =>
    playsWebRtc({ ...session, ...s } as unknown as Parameters<typeof playsWebRtc>[0]);
  it('is the live program of a realtime player in a browser with WebRTC', () => {
    vi.stubGlobal('RTCPeerConnection', FakePeer);
    expect(plays({})).toBe(true);
    expect(plays({ input: 'backup' })).toBe(true);
    expect(plays({ latency: 'low' })).toBe(false);
    expect(plays({ input: 'vod' })).toBe(false);
    expect(plays({ input: 'offline' })).toBe(false);
    expect(plays({ hlsUrl: null })).toBe(false);
    vi.unstubAllGlobals();
  });
});
