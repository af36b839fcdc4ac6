// One WHEP viewer's peer (issue 35; RFC 9725's offer/answer: the viewer offers recvonly, we answer
// sendonly), on node-datachannel (libdatachannel). The program's RTP is forwarded unchanged but for two
// header fields per viewer: the payload type the viewer's offer gave H.264 / Opus, and an SSRC of this
// peer announced in the answer; lost picture packets are sent again on the viewer's NACK. No trickle
// ICE: the answer holds every candidate. The WHEP route (whep.service.ts) decides access and counts the
// viewer.
import nodeDataChannel from 'node-datachannel';
import { gatheredAnswer, newPeer, offeredMedia, type PeerOptions } from './peer-answer';
import type { RtpKind, RtpProgramSource } from './rtp-program-source';

export { offeredMedia };
export type WhepPeerOptions = PeerOptions & {
  /** The viewer's picture track is open: from now on what is sent reaches it (a keyframe is wanted). */
  onPictureOpen?: () => void;
};

let nextSsrc = 0x5157_0000;
/**
 * Video packets kept per viewer for retransmission: about a second of a 2.5 Mbit/s picture in 1200-byte
 * packets (a NACK comes one round trip after the gap), some 300 kB per viewer.
 */
const NACK_HISTORY_PACKETS = 256;

/** Answers a WHEP offer (ICE gathered in full: no trickle) and forwards the program to the new peer. */
export async function answerWhepOffer(offer: string, source: RtpProgramSource, opts: WhepPeerOptions) {
  const media = offeredMedia(offer);
  if (!media.some((m) => m.kind === 'video'))
    throw new Error('The offer has no H.264 (packetization mode 1)');
  const pc = newPeer('whep', opts);
  const senders = new Map<RtpKind, (p: Buffer) => void>();
  let sentBytes = 0;
  let refused = 0;
  for (const m of media) {
    const ssrc = nextSsrc++ >>> 0;
    const description =
      m.kind === 'video'
        ? new nodeDataChannel.Video(m.mid, 'SendOnly')
        : new nodeDataChannel.Audio(m.mid, 'SendOnly');
    if (description instanceof nodeDataChannel.Video) description.addH264Codec(m.payloadType);
    else description.addOpusCodec(m.payloadType);
    description.addSSRC(ssrc, 'stromwerk', 'program', m.kind);
    const track = pc.addTrack(description);
    // A lost picture packet the viewer asks for again (NACK, which Chromium negotiates) is sent again:
    // unanswered, the picture freezes until the next keyframe (up to a GOP; the program copies the
    // encoder's picture, so a PLI cannot make one). Sound is not NACKed (Opus conceals a loss).
    if (m.kind === 'video') {
      track.setMediaHandler(new nodeDataChannel.RtcpNackResponder(NACK_HISTORY_PACKETS));
      // An exception in a node-datachannel callback would abort the process: none leaves this one.
      track.onOpen(() => {
        try {
          opts.onPictureOpen?.();
        } catch {}
      });
    }
    senders.set(m.kind, (p) => {
      if (!track.isOpen()) return;
      const out = Buffer.from(p);
      out[1] = (out[1]! & 0x80) | m.payloadType;
      out.writeUInt32BE(ssrc, 8);
      // libdatachannel throws on a packet SRTP refuses (a sequence number it takes for a replay): one
      // packet lost for this viewer, never an exception out of the source's socket handler.
      try {
        if (track.sendMessageBinary(out)) sentBytes += out.length;
      } catch {
        refused++;
      }
    });
  }
  const answer = await gatheredAnswer(pc, offer);
  const unsubscribe = source.subscribe((kind, p) => senders.get(kind)?.(p));
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    pc.close();
    opts.onClose?.();
  };
  pc.onStateChange((state) => {
    if (state === 'failed' || state === 'closed') close();
  });
  return { answer, close, state: () => pc.state(), sentBytes: () => sentBytes, refused: () => refused };
}
