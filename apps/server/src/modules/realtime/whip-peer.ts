// One WHIP publisher's peer (issue 35 item 2; RFC 9725's ingest side: the publisher offers sendonly, we
// answer recvonly), on node-datachannel. Each received track gets libdatachannel's RTCP receiving session
// (receiver reports, REMB with the bitrate we allow, PLI on request), and its RTP goes to `onRtp` as it
// came. The WHIP route (whip.service.ts) decides who may publish and bridges the RTP to the ingest.
import nodeDataChannel, { type Track } from 'node-datachannel';
import { gatheredAnswer, type MediaKind, newPeer, offeredMedia, type PeerOptions } from './peer-answer';

export type WhipPeerOptions = PeerOptions & {
  /** Every RTP or RTCP packet the publisher sends, with the payload type agreed for its kind. */
  onRtp: (kind: MediaKind, packet: Buffer, payloadType: number) => void;
  /** The most the publisher should send, announced by REMB (bits per second). */
  maxBitrate?: number;
};

/** Answers a WHIP offer (H.264 required, Opus when offered) and receives its tracks. */
export async function answerWhipOffer(offer: string, opts: WhipPeerOptions) {
  const media = offeredMedia(offer, 'send');
  const video = media.find((m) => m.kind === 'video');
  if (!video) throw new Error('The offer sends no H.264 (packetization mode 1) video');
  const audio = media.find((m) => m.kind === 'audio');
  const pc = newPeer('whip', opts);
  const tracks: { kind: MediaKind; track: Track }[] = [];
  for (const m of [video, ...(audio ? [audio] : [])]) {
    const description =
      m.kind === 'video'
        ? new nodeDataChannel.Video(m.mid, 'RecvOnly')
        : new nodeDataChannel.Audio(m.mid, 'RecvOnly');
    if (description instanceof nodeDataChannel.Video) description.addH264Codec(m.payloadType);
    else description.addOpusCodec(m.payloadType);
    const track = pc.addTrack(description);
    track.setMediaHandler(new nodeDataChannel.RtcpReceivingSession());
    // A callback that throws comes back through libdatachannel's thread as a C++ exception, which ends
    // the whole process: nothing may leave it.
    track.onMessage((p) => {
      try {
        opts.onRtp(m.kind, p, m.payloadType);
      } catch {}
    });
    if (m.kind === 'video' && opts.maxBitrate)
      track.onOpen(() => {
        try {
          track.requestBitrate(opts.maxBitrate!);
          track.requestKeyframe();
        } catch {}
      });
    tracks.push({ kind: m.kind, track });
  }
  const answer = await gatheredAnswer(pc, offer);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    pc.close();
    opts.onClose?.();
  };
  pc.onStateChange((state) => {
    try {
      if (state === 'failed' || state === 'closed') close();
    } catch {}
  });
  const videoTrack = tracks[0]!.track;
  return {
    answer,
    close,
    streams: { video: video.payloadType, audio: audio?.payloadType },
    /** Asks the publisher for a keyframe (PLI): an HLS segment can only start at one. */
    requestKeyframe: () => videoTrack.isOpen() && videoTrack.requestKeyframe(),
    state: () => pc.state(),
  };
}
