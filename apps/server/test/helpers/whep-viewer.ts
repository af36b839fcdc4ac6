import { RTCPeerConnection, useH264, useOPUS } from 'werift';
import { enlargeReceiveBuffer } from '../../src/modules/realtime/rtp-program-source';

/**
 * A WHEP viewer for media tests (issue 35): a werift peer offering recvonly H.264 and Opus on 127.0.0.1
 * only, that puts the H.264 it receives back into NAL units (from the first SPS on) and counts Opus packets.
 */
export async function whepViewer() {
  const pc = loopbackPeer();
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  const got = {
    nals: [] as Buffer[],
    audioPackets: 0,
    videoPayloadTypes: new Set<number>(),
    /** Sequence number, timestamp and arrival (performance.now, ms) of every video packet, in order. */
    videoHeaders: [] as { seq: number; ts: number; at: number }[],
  };
  const fu = { parts: [] as Buffer[] };
  // As a real receiver: a packet seen before (sent again after a NACK) is not assembled twice, and a
  // fragmented NAL unit with a packet missing is dropped, not joined with a hole in it.
  const seen = new Set<number>();
  let lastSeq: number | undefined;
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((packet) => {
      if (track.kind === 'audio') return void got.audioPackets++;
      const seq = packet.header.sequenceNumber;
      if (seen.has(seq)) return;
      seen.add(seq);
      seen.delete((seq - 4096 + 0x10000) % 0x10000);
      if (lastSeq !== undefined && seq !== (lastSeq + 1) % 0x10000) fu.parts = [];
      lastSeq = seq;
      got.videoPayloadTypes.add(packet.header.payloadType);
      got.videoHeaders.push({
        seq: packet.header.sequenceNumber,
        ts: packet.header.timestamp,
        at: performance.now(),
      });
      for (const nal of depacketize(packet.payload, fu)) {
        if (got.nals.length === 0 && (nal[0]! & 0x1f) !== 7) continue; // from the first SPS on
        got.nals.push(nal);
      }
    });
  });
  await offerGathered(pc);
  return {
    pc,
    got,
    offer: loopbackOnly(pc.localDescription!.sdp),
    answer: (sdp: string) => pc.setRemoteDescription({ type: 'answer', sdp: loopbackOnly(sdp) }),
    close: () => pc.close(),
  };
}

/** A werift peer of H.264 and Opus whose ICE uses 127.0.0.1 only (the WHEP viewer's and WHIP publisher's). */
export const loopbackPeer = () =>
  new RTCPeerConnection({
    codecs: { video: [useH264()], audio: [useOPUS()] },
    iceInterfaceAddresses: { udp4: '127.0.0.1' },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceFilterCandidatePair: (pair) => pair.remoteCandidate.host === '127.0.0.1',
    iceUseIpv6: false,
  });

/** Sets the peer's offer and waits until every candidate is gathered (WHEP and WHIP do not trickle). */
export async function offerGathered(pc: RTCPeerConnection) {
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    pc.iceGatheringStateChange.subscribe((s) => s === 'complete' && resolve());
  });
  enlargePeerSockets(pc);
}

/**
 * The peer stands in for a browser, which receives in a process of its own; here it shares the test's
 * event loop with the server under test, and on a loaded machine its sockets' default 208 kB overflowed
 * (the kernel's UDP RcvbufErrors grew by 43,000 in one run, the viewer decoded nothing for 20 s). Its
 * sockets get the receive buffer the server's own RTP input has (werift keeps them in its ICE protocols).
 */
function enlargePeerSockets(pc: RTCPeerConnection) {
  type Protocols = { protocols?: { transport?: { socket?: Parameters<typeof enlargeReceiveBuffer>[0] } }[] };
  for (const ice of pc.iceTransports)
    for (const protocol of (ice.connection as unknown as Protocols).protocols ?? [])
      if (protocol.transport?.socket) enlargeReceiveBuffer(protocol.transport.socket);
}

/** Host candidates on 127.0.0.1 only: no connectivity check goes to another address. */
export const loopbackOnly = (sdp: string) =>
  sdp
    .split('\r\n')
    .filter((l) => !l.startsWith('a=candidate:') || / 127\.0\.0\.1 \d+ typ /.test(l))
    .join('\r\n');

/** The NAL units of one H.264 RTP payload (RFC 6184: single NAL, STAP-A, FU-A), FU-A fragments joined. */
export function depacketize(payload: Buffer, fu: { parts: Buffer[] }): Buffer[] {
  const type = payload[0]! & 0x1f;
  if (type >= 1 && type <= 23) return [payload];
  if (type === 24) {
    const out: Buffer[] = [];
    for (let i = 1; i + 2 <= payload.length; ) {
      const size = payload.readUInt16BE(i);
      out.push(payload.subarray(i + 2, i + 2 + size));
      i += 2 + size;
    }
    return out;
  }
  if (type === 28) {
    const start = (payload[1]! & 0x80) !== 0;
    const end = (payload[1]! & 0x40) !== 0;
    if (start) fu.parts = [Buffer.from([(payload[0]! & 0xe0) | (payload[1]! & 0x1f)])];
    if (fu.parts.length) fu.parts.push(payload.subarray(2));
    if (end && fu.parts.length) {
      const nal = Buffer.concat(fu.parts);
      fu.parts = [];
      return [nal];
    }
  }
  return [];
}

/** Annex B from NAL units, for ffprobe. */
export const annexB = (nals: Buffer[]) => Buffer.concat(nals.flatMap((n) => [Buffer.from([0, 0, 0, 1]), n]));
