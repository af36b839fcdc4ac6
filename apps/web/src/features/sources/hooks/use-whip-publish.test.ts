import { ApiError } from '@stromwerk/client/api-error';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWhipPublish } from './use-whip-publish';
import { PublishError } from './whip-offer';
import type { PublishTracks } from './whip-publisher';

/** Just enough of a browser's peer: gathering is complete at once; the test says when it connects. */
class FakePeer {
  static last: FakePeer;
  iceGatheringState = 'complete';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: { type: string; sdp: string } | null = null;
  remote: { type: string; sdp: string } | null = null;
  closed = false;
  transceivers: ReturnType<typeof transceiver>[] = [];
  private listeners = new Map<string, Set<() => void>>();
  constructor() {
    FakePeer.last = this;
  }
  addTransceiver(trackOrKind: MediaStreamTrack | string, init: RTCRtpTransceiverInit) {
    const t = transceiver(trackOrKind, init);
    this.transceivers.push(t);
    return t;
  }
  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  async createOffer() {
    return { type: 'offer', sdp: 'v=0\r\noffer' };
  }
  async setLocalDescription(description: { type: string; sdp: string }) {
    this.localDescription = description;
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remote = description;
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }
  /** The browser's ICE/DTLS reaching `state`. */
  reach(state: RTCPeerConnectionState) {
    this.connectionState = state;
    for (const listener of this.listeners.get('connectionstatechange') ?? []) listener();
  }
}

function transceiver(trackOrKind: MediaStreamTrack | string, init: RTCRtpTransceiverInit) {
  const track = typeof trackOrKind === 'string' ? null : trackOrKind;
  const sender = {
    track,
    replaceTrack: vi.fn(async (next: MediaStreamTrack | null) => {
      sender.track = next;
    }),
  };
  return {
    kind: typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind,
    direction: init.direction,
    sender,
    setCodecPreferences: vi.fn(),
  };
}

const codec = (mimeType: string, sdpFmtpLine?: string) => ({ mimeType, clockRate: 90000, sdpFmtpLine });
const VP8 = codec('video/VP8');
const H264 = codec('video/H264', 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f');
const OPUS = codec('audio/opus', 'minptime=10;useinbandfec=1');
const PCMU = codec('audio/PCMU');
const capabilities = (kind: string) => ({
  codecs: kind === 'video' ? [VP8, H264] : [PCMU, OPUS],
  headerExtensions: [],
});

const track = (kind: string, id: string) => ({ kind, id }) as unknown as MediaStreamTrack;
const camera = track('video', 'camera');
const screenTrack = track('video', 'screen');
const microphone = track('audio', 'microphone');

const ENDPOINT = 'http://localhost:3000/v1/whip';
const fetchMock = vi.fn();
const answer = () =>
  new Response('v=0\r\nanswer', {
    status: 201,
    headers: { Location: '/v1/whip/r1', 'Content-Type': 'application/sdp' },
  });

function mount(tracks: PublishTracks = { video: camera, audio: microphone }) {
  return renderHook(
    (props: PublishTracks) => useWhipPublish({ endpoint: ENDPOINT, token: 'key-1', ...props }),
    {
      initialProps: tracks,
    },
  );
}
const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

describe('useWhipPublish', () => {
  beforeEach(() => {
    vi.stubGlobal('RTCPeerConnection', FakePeer);
    vi.stubGlobal('RTCRtpSender', { getCapabilities: capabilities });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('posts a sendonly offer with the bearer token as SDP, applies the answer and goes live', async () => {
    fetchMock.mockResolvedValueOnce(answer());
    const { result } = mount();
    await act(() => result.current.start());

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(ENDPOINT);
    expect(init).toMatchObject({
      method: 'POST',
      headers: { Authorization: 'Bearer key-1', 'Content-Type': 'application/sdp' },
      body: 'v=0\r\noffer',
    });
    const peer = FakePeer.last;
    expect(peer.transceivers.map((t) => [t.kind, t.direction, t.sender.track])).toEqual([
      ['video', 'sendonly', camera],
      ['audio', 'sendonly', microphone],
    ]);
    expect(peer.transceivers[0]!.setCodecPreferences).toHaveBeenCalledWith([H264, VP8]);
    expect(peer.transceivers[1]!.setCodecPreferences).toHaveBeenCalledWith([OPUS, PCMU]);
    expect(peer.remote).toEqual({ type: 'answer', sdp: 'v=0\r\nanswer' });
    expect(result.current.phase).toBe('connecting');

    act(() => peer.reach('connected'));
    expect(result.current.phase).toBe('live');
  });

  it('DELETEs the resource the Location names, with the bearer token, on stop', async () => {
    fetchMock.mockResolvedValueOnce(answer()).mockResolvedValue(new Response(null, { status: 204 }));
    const { result } = mount();
    await act(() => result.current.start());
    act(() => FakePeer.last.reach('connected'));
    act(() => result.current.stop());

    expect(deletes()).toEqual([
      [
        'http://localhost:3000/v1/whip/r1',
        { method: 'DELETE', headers: { Authorization: 'Bearer key-1' }, keepalive: false },
      ],
    ]);
    expect(FakePeer.last.closed).toBe(true);
    expect(result.current.phase).toBe('idle');
  });

  it("shows the server's refusal (409) and closes the peer", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ error: { code: 'SOURCE_ALREADY_LIVE', message: 'The source is already live' } }),
        {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    );
    const { result } = mount();
    await act(() => result.current.start());

    expect(result.current.phase).toBe('failed');
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ statusCode: 409, message: 'The source is already live' });
    expect(FakePeer.last.closed).toBe(true);
    expect(deletes()).toEqual([]);
  });

  it('swaps a new picture into the running publish (a screen share) without a new offer', async () => {
    fetchMock.mockResolvedValueOnce(answer());
    const { result, rerender } = mount();
    await act(() => result.current.start());
    await act(async () => rerender({ video: screenTrack, audio: microphone }));

    expect(FakePeer.last.transceivers[0]!.sender.replaceTrack).toHaveBeenCalledWith(screenTrack);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fails when the media connection fails, and ends the publish on the server', async () => {
    fetchMock.mockResolvedValueOnce(answer()).mockResolvedValue(new Response(null, { status: 204 }));
    const { result } = mount();
    await act(() => result.current.start());
    act(() => FakePeer.last.reach('failed'));

    expect(result.current.phase).toBe('failed');
    expect(result.current.error).toEqual(new PublishError('connect'));
    expect(deletes()).toHaveLength(1);
  });

  it('ends the publish with keepalive when the page goes', async () => {
    fetchMock.mockResolvedValueOnce(answer()).mockResolvedValue(new Response(null, { status: 204 }));
    const { result, unmount } = mount();
    await act(() => result.current.start());
    unmount();

    expect(deletes()[0]![1]).toMatchObject({ method: 'DELETE', keepalive: true });
    expect(FakePeer.last.closed).toBe(true);
  });

  it('refuses to start in a browser without H.264', async () => {
    vi.stubGlobal('RTCRtpSender', { getCapabilities: () => ({ codecs: [VP8], headerExtensions: [] }) });
    const { result } = mount();
    await act(() => result.current.start());

    expect(result.current.phase).toBe('failed');
    expect(result.current.error).toEqual(new PublishError('noH264'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
