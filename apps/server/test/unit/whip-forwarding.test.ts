import { describe, expect, it } from 'vitest';
import { offeredMedia } from '../../src/modules/realtime/peer-answer';
import { rtpPayload } from '../../src/modules/realtime/whip-bridge';

const rtp = (o: { padding?: number; csrc?: number; extensionWords?: number; payload: number }) => {
  const ext = o.extensionWords === undefined ? 0 : 4 + 4 * o.extensionWords;
  const p = Buffer.alloc(12 + 4 * (o.csrc ?? 0) + ext + o.payload + (o.padding ?? 0));
  p[0] = 0x80 | (o.padding ? 0x20 : 0) | (o.extensionWords === undefined ? 0 : 0x10) | (o.csrc ?? 0);
  p[1] = 102;
  if (o.extensionWords !== undefined) p.writeUInt16BE(o.extensionWords, 12 + 4 * (o.csrc ?? 0) + 2);
  if (o.padding) p[p.length - 1] = o.padding;
  return p;
};

const rtpPayloadLength = (p: Buffer) => rtpPayload(p)?.length ?? -1;

describe('what the WHIP bridge forwards', () => {
  it('measures an RTP payload without header, CSRCs, extension and padding', () => {
    expect(rtpPayloadLength(rtp({ payload: 100 }))).toBe(100);
    expect(rtpPayloadLength(rtp({ payload: 100, csrc: 2, extensionWords: 3 }))).toBe(100);
    expect(rtpPayloadLength(rtp({ payload: 40, padding: 20 }))).toBe(40);
    // A bandwidth probe: padding only, dropped.
    expect(rtpPayloadLength(rtp({ payload: 0, padding: 200 }))).toBe(0);
  });

  it('says "not RTP" for short packets, another version and a truncated extension', () => {
    expect(rtpPayloadLength(Buffer.alloc(11))).toBe(-1);
    const v1 = rtp({ payload: 10 });
    v1[0] = 0x40;
    expect(rtpPayloadLength(v1)).toBe(-1);
    const cut = Buffer.from([0x90, 102, ...Array(12).fill(0)]);
    expect(rtpPayloadLength(cut)).toBe(-1);
  });
});

describe('the sections of an offer', () => {
  const offer = [
    'v=0',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    'a=mid:0',
    'a=sendonly',
    'a=rtpmap:111 opus/48000/2',
    'm=video 9 UDP/TLS/RTP/SAVPF 96 102 127',
    'a=mid:1',
    'a=sendonly',
    'a=rtpmap:96 VP8/90000',
    'a=rtpmap:102 H264/90000',
    'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f',
    'a=rtpmap:127 H264/90000',
    'a=fmtp:127 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
    '',
  ].join('\r\n');

  it('takes what a WHIP publisher sends: Opus, and H.264 in packetization mode 1, constrained baseline first', () => {
    expect(offeredMedia(offer, 'send')).toEqual([
      { mid: '0', kind: 'audio', payloadType: 111 },
      { mid: '1', kind: 'video', payloadType: 127 },
    ]);
  });

  it('finds nothing to receive in a publisher offer, nor to send in a viewer offer', () => {
    expect(offeredMedia(offer, 'recv')).toEqual([]);
    expect(offeredMedia(offer.replaceAll('a=sendonly', 'a=recvonly'), 'send')).toEqual([]);
  });
});
