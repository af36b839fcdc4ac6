// What the WHEP viewer's and the WHIP publisher's peers share (issue 35): which H.264 and Opus sections an
// offer holds, and the answer once ICE has gathered in full (no trickle: the answer holds every candidate).
import nodeDataChannel, { type PeerConnection } from 'node-datachannel';

export type MediaKind = 'video' | 'audio';
export type OfferedMedia = { mid: string; kind: MediaKind; payloadType: number };

export type PeerOptions = {
  /** The address the peer's ICE host candidates bind to. */
  bindAddress: string;
  /** UDP ports for host candidates (the firewall's range); the OS chooses when absent. */
  portRange?: { begin: number; end: number };
  iceServers?: string[];
  /** Called once when the peer ends: closed by us, or its connection failed or closed. */
  onClose?: () => void;
};

/**
 * The H.264 (packetization mode 1, constrained baseline preferred) and Opus m-lines of an offer that the
 * offerer receives (`recv`, a WHEP viewer) or sends (`send`, a WHIP publisher).
 */
export function offeredMedia(offer: string, direction: 'recv' | 'send' = 'recv'): OfferedMedia[] {
  const out: OfferedMedia[] = [];
  const wanted = direction === 'recv' ? /a=recvonly|a=sendrecv/ : /a=sendonly|a=sendrecv/;
  for (const section of offer.split(/\r?\nm=/).slice(1)) {
    const kind = section.startsWith('video') ? 'video' : section.startsWith('audio') ? 'audio' : undefined;
    const mid = /a=mid:(\S+)/.exec(section)?.[1];
    if (!kind || mid === undefined || !wanted.test(section)) continue;
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

const GATHER_MS = 5000;

export function newPeer(label: string, opts: PeerOptions) {
  return new nodeDataChannel.PeerConnection(label, {
    iceServers: opts.iceServers ?? [],
    bindAddress: opts.bindAddress,
    portRangeBegin: opts.portRange?.begin,
    portRangeEnd: opts.portRange?.end,
  });
}

/** Applies the offer and resolves the answer once every candidate is gathered; closes the peer on failure. */
export async function gatheredAnswer(pc: PeerConnection, offer: string): Promise<string> {
  const gathered = new Promise<string>((resolve) => {
    pc.onGatheringStateChange((state) => {
      if (state === 'complete') resolve(pc.localDescription()!.sdp);
    });
  });
  try {
    pc.setRemoteDescription(offer, 'offer');
    // Host candidates gather in milliseconds; STUN servers could take longer.
    return await Promise.race([
      gathered,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('ICE gathering did not complete')), GATHER_MS).unref(),
      ),
    ]);
  } catch (err) {
    pc.close();
    throw err;
  }
}
