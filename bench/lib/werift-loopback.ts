// A werift peer for the benches' viewers and publishers: H.264 (constrained baseline, packetization
// mode 1) and Opus, ICE on 127.0.0.1 only. werift leaves internal interfaces out of its host candidates,
// so 127.0.0.1 is added and the sockets are bound to it; pairs with any other address are never checked.
import { RTCPeerConnection, useH264, useOPUS } from 'werift';

export function loopbackPeer() {
  return new RTCPeerConnection({
    codecs: {
      video: [
        useH264({ parameters: 'profile-level-id=42e01f;packetization-mode=1;level-asymmetry-allowed=1' }),
      ],
      audio: [useOPUS()],
    },
    iceInterfaceAddresses: { udp4: '127.0.0.1' },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceFilterCandidatePair: (pair) => pair.remoteCandidate.host === '127.0.0.1',
    iceUseIpv6: false,
  });
}

/** The peer's offer once ICE gathering is complete (no trickle: every candidate in the SDP). */
export async function gatheredOffer(pc: RTCPeerConnection) {
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    pc.iceGatheringStateChange.subscribe((s) => s === 'complete' && resolve());
  });
  return pc.localDescription!.sdp;
}
