import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/plugins/config';

describe('WEBRTC_BIND_ADDRESS and WEBRTC_PORTS', () => {
  it('bind every interface with ports from the OS by default', () => {
    expect(loadConfig({}).webrtc).toEqual({ bindAddress: '0.0.0.0' });
  });

  it('take an address and a UDP range for the firewall', () => {
    expect(loadConfig({ WEBRTC_BIND_ADDRESS: '203.0.113.7', WEBRTC_PORTS: '50000-50999' }).webrtc).toEqual({
      bindAddress: '203.0.113.7',
      portRange: { begin: 50_000, end: 50_999 },
    });
  });

  it('refuse a range that is not one, reversed or below 1024, naming the variable', () => {
    for (const bad of ['50000', '50999-50000', '80-90', '50000-70000'])
      expect(() => loadConfig({ WEBRTC_PORTS: bad })).toThrow(
        expect.objectContaining({ message: expect.stringContaining('WEBRTC_PORTS') }),
      );
    expect(() => loadConfig({ WEBRTC_PORTS: 'x' })).toThrow(ConfigError);
  });

  it('WEBRTC_ICE_SERVERS: STUN and TURN URLs for the peers, anything else refused naming the variable', () => {
    expect(
      loadConfig({
        WEBRTC_ICE_SERVERS: 'stun:stun.example.net:3478, turn:u:p@turn.example.net:443?transport=tcp',
      }).webrtc?.iceServers,
    ).toEqual(['stun:stun.example.net:3478', 'turn:u:p@turn.example.net:443?transport=tcp']);
    for (const bad of ['http://example.net', 'stun:a,,stun:b', 'stun:'])
      expect(() => loadConfig({ WEBRTC_ICE_SERVERS: bad })).toThrow(
        expect.objectContaining({ message: expect.stringContaining('WEBRTC_ICE_SERVERS') }),
      );
  });
});
