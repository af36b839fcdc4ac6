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

  it('tells ffmpeg the parameter sets of the publisher once known, so it needs no keyframe to learn the picture', () => {
    const sps = Uint8Array.from([0x67, 0x42, 0xc0, 0x1f, 0xda, 0x01]);
    const pps = Uint8Array.from([0x68, 0xce, 0x3c, 0x80]);
    const sdp = whipSdp({ video: { ...streams.video, parameterSets: { sps, pps } } });
    expect(sdp).toContain(
      'a=fmtp:102 packetization-mode=1;profile-level-id=42c01f;sprop-parameter-sets=Z0LAH9oB,aM48gA==\r\n',
    );
    // Too short to be parameter sets: left out, as before they were seen.
    const short = { sps: sps.subarray(0, 3), pps };
    expect(whipSdp({ video: { ...streams.video, parameterSets: short } })).toContain(
      'a=fmtp:102 packetization-mode=1\r\n',
    );
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
