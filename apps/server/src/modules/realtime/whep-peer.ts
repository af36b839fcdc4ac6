// One WHEP viewer's peer (issue 35; RFC 9725's offer/answer: the viewer offers recvonly, we answer
// sendonly), on node-datachannel (libdatachannel). The program's RTP is forwarded unchanged but for two
// header fields per viewer: the payload type the viewer's offer gave H.264 / Opus, and an SSRC of this
// peer announced in the answer. No trickle ICE: the answer holds every candidate. The WHEP route
// (whep.service.ts) decides access and counts the viewer.
import nodeDataChannel from 'node-datachannel';
import type { RtpKind, RtpProgramSource } from './rtp-program-source';

export type OfferedMedia = { mid: string; kind: RtpKind; payloadType: number };

/** The H.264 (packetization mode 1, constrained baseline preferred) and Opus m-lines of an offer. */
export function offeredMedia(offer: string): OfferedMedia[] {
  const out: OfferedMedia[] = [];
  for (const section of offer.split(/\r?\nm=/).slice(1)) {
    const kind = section.startsWith('video') ? 'video' : section.startsWith('audio') ? 'audio' : undefined;
    const mid = /a=mid:(\S+)/.exec(section)?.[1];
    if (!kind || mid === undefined || !/a=recvonly|a=sendrecv/.test(section)) continue;
    const fmtp = (pt: string) => new RegExp(`a=fmtp:${pt} (.*)`).exec(section)?.[1] ?? '';
    const pts = [...section.matchAll(/a=rtpmap:(\d+) ([\w-]+)\/(\d+)/g)];
    let chosen: string | undefined;
    if (kind === 'audio') chosen = pts.find((m) => m[2]!.toLowerCase() === 'opus')?.[1];
    else {
      const h264 = pts.filter(
        (m) => m[2]!.toUpperCase() === 'H264' && /packetization-mode=1/.test(fmtp(m[1]!)),
      );
      const baseline = h264.find((m) => /profile-level-id=42[ce]0/i.test(fmtp(m[1]!)));
      chosen = (baseline ?? h264[0])?.[1];
    }
    if (chosen) out.push({ mid, kind, payloadType: Number(chosen) });
  }
  return out;
}

export type WhepPeerOptions = {
  /** The address the peer's ICE host candidates bind to. */
  bindAddress: string;
  /** UDP ports for host candidates (the firewall's range); the OS chooses when absent. */
  portRange?: { begin: number; end: number };
  iceServers?: string[];
  /** Called once when the peer ends: closed by us, or its connection failed or closed. */
  onClose?: () => void;
};

let nextSsrc = 0x5157_0000;
const GATHER_MS = 5000;

/** Answers a WHEP offer (ICE gathered in full: no trickle) and forwards the program to the new peer. */
export async function answerWhepOffer(offer: string, source: RtpProgramSource, opts: WhepPeerOptions) {
  const media = offeredMedia(offer);
  if (!media.some((m) => m.kind === 'video'))
    throw new Error('The offer has no H.264 (packetization mode 1)');
  const pc = new nodeDataChannel.PeerConnection('whep', {
    iceServers: opts.iceServers ?? [],
    bindAddress: opts.bindAddress,
    portRangeBegin: opts.portRange?.begin,
    portRangeEnd: opts.portRange?.end,
  });
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
  const gathered = new Promise<string>((resolve) => {
    pc.onGatheringStateChange((state) => {
      if (state === 'complete') resolve(pc.localDescription()!.sdp);
    });
  });
  let answer: string;
  try {
    pc.setRemoteDescription(offer, 'offer');
    // Host candidates gather in milliseconds; STUN servers could take longer.
    answer = await Promise.race([
      gathered,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('ICE gathering did not complete')), GATHER_MS).unref(),
      ),
    ]);
  } catch (err) {
    pc.close();
    throw err;
  }
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
