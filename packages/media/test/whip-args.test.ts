import { describe, expect, it } from 'vitest';
import { whipBridge, whipSdp } from '../src/whip-args';

describe('the WHIP bridge arguments', () => {
  const streams = { video: { port: 40000, payloadType: 102 }, audio: { port: 40002, payloadType: 111 } };

  it('describes what arrives where, and nothing the publisher wrote', () => {
    const sdp = whipSdp(streams);
    expect(sdp.split('\r\n')).toEqual([
      'v=0',
      'o=- 0 0 IN IP4 127.0.0.1',
      's=whip',
      'c=IN IP4 127.0.0.1',
      't=0 0',
      'm=video 40000 RTP/AVP 102',
      'a=rtpmap:102 H264/90000',
      'a=fmtp:102 packetization-mode=1',
      'm=audio 40002 RTP/AVP 111',
      'a=rtpmap:111 opus/48000/2',
      '',
    ]);
    expect(whipSdp({ video: streams.video })).not.toContain('m=audio');
  });

  it('refuses a payload type outside the dynamic range (it is written into the SDP)', () => {
    for (const payloadType of [0, 95, 128, 101.5])
      expect(() => whipSdp({ video: { port: 1, payloadType } })).toThrow(RangeError);
  });

  it('reads the SDP from a pipe, UDP and RTP only, copies the picture, makes AAC, keeps the key off the command line', () => {
    const cmd = whipBridge({ streams, output: 'rtmp://127.0.0.1:1935/live/secret-key' });
    const args = cmd.args.join(' ');
    expect(args).toContain('-protocol_whitelist pipe,udp,rtp -format_whitelist sdp,rtp');
    expect(args).toContain('-f sdp -i pipe:4');
    expect(cmd.secrets[0]).toBe(whipSdp(streams));
    expect(args).toContain('-c:v copy');
    expect(args).toContain('-c:a aac');
    expect(args).not.toContain('secret-key');
    expect(cmd.secretFiles?.join('')).toContain('rtmp_playpath=secret-key');
    const silent = whipBridge({ streams: { video: streams.video }, output: 'rtmp://127.0.0.1:1935/live/k' });
    expect(silent.args).not.toContain('-c:a');
    expect(silent.args.join(' ')).toContain('-map 0:v:0');
  });
});
