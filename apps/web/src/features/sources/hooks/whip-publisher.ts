/**
 * One publish of the browser's camera, microphone or screen to a WHIP source (RFC 9725): sendonly video
 * (H.264 first: the server copies it) and audio (Opus), every candidate gathered before the offer (the
 * server does not trickle), POSTed with the source's stream key as bearer token. The answer's `Location`
 * is the publish; `stop` DELETEs it (with `keepalive` when the page goes) and closes the peer. A stop
 * while the offer is still on its way aborts it, and a publish the server made meanwhile is DELETEd too.
 */
import { iceGathered, PublishError, preferH264, preferOpus, resourceUrl, whipRefusal } from './whip-offer';

export interface PublishTracks {
  video: MediaStreamTrack | null;
  audio: MediaStreamTrack | null;
}

export class WhipPublisher {
  readonly pc = new RTCPeerConnection();
  private readonly controller = new AbortController();
  private readonly video: RTCRtpTransceiver;
  private readonly audio: RTCRtpTransceiver;
  private resource: string | null = null;
  private stopped = false;

  constructor(
    private readonly endpoint: string,
    private readonly token: string,
    tracks: PublishTracks,
  ) {
    // Both m-lines always: a track that comes later (camera turned on, a share) is swapped in.
    this.video = this.pc.addTransceiver(tracks.video ?? 'video', { direction: 'sendonly' });
    this.audio = this.pc.addTransceiver(tracks.audio ?? 'audio', { direction: 'sendonly' });
  }

  /** Offers, posts and applies the answer; throws PublishError, ApiError or GenericError. */
  async publish(): Promise<void> {
    this.preferCodecs();
    try {
      await this.pc.setLocalDescription(await this.pc.createOffer());
    } catch (error) {
      throw new PublishError('browser', (error as Error).message);
    }
    await iceGathered(this.pc);
    if (this.stopped) return;
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/sdp' },
        body: this.pc.localDescription?.sdp ?? '',
        signal: this.controller.signal,
      });
    } catch (error) {
      if (this.stopped) return;
      throw new PublishError('network', (error as Error).message);
    }
    const text = await response.text();
    if (response.status !== 201) {
      if (this.stopped) return;
      throw whipRefusal(response.status, text);
    }
    const location = response.headers.get('Location');
    this.resource = location ? resourceUrl(location, this.endpoint) : null;
    if (this.stopped) {
      this.release(false); // stopped while the offer was on its way: the server's publish goes too
      return;
    }
    try {
      await this.pc.setRemoteDescription({ type: 'answer', sdp: text });
    } catch (error) {
      throw new PublishError('browser', (error as Error).message);
    }
  }

  /** Swaps the picture or sound without a new offer (a share starts or ends, another camera). */
  replace(kind: 'video' | 'audio', track: MediaStreamTrack | null): Promise<void> {
    const transceiver = kind === 'video' ? this.video : this.audio;
    if (this.stopped || transceiver.sender.track === track) return Promise.resolve();
    return transceiver.sender.replaceTrack(track);
  }

  /** Ends the publish: `keepalive` when the page itself goes (the request then outlives it). */
  stop(keepalive = false) {
    if (this.stopped) return;
    this.stopped = true;
    this.controller.abort();
    this.pc.close();
    this.release(keepalive);
  }

  private release(keepalive: boolean) {
    const gone = this.resource;
    this.resource = null;
    if (!gone) return;
    void fetch(gone, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${this.token}` },
      keepalive,
    }).catch(() => undefined);
  }

  private preferCodecs() {
    if (typeof RTCRtpSender === 'undefined' || !RTCRtpSender.getCapabilities) return;
    const video = preferH264(RTCRtpSender.getCapabilities('video')?.codecs ?? []);
    if (!video) throw new PublishError('noH264');
    // A browser without setCodecPreferences, or refusing the list, offers its own order: the server still
    // picks H.264 from it.
    try {
      this.video.setCodecPreferences?.(video);
      this.audio.setCodecPreferences?.(preferOpus(RTCRtpSender.getCapabilities('audio')?.codecs ?? []));
    } catch {
      // the browser's order it is
    }
  }
}
