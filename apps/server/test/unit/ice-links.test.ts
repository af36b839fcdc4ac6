import { describe, expect, it } from 'vitest';
import { iceServerLinks } from '../../src/modules/realtime/ice-links';

describe('ICE servers announced with a WHEP/WHIP answer', () => {
  it('names a STUN server as it is', () => {
    expect(iceServerLinks(['stun:stun.example.net:3478'])).toEqual([
      '<stun:stun.example.net:3478>; rel="ice-server"',
    ]);
  });

  it("moves a TURN server's user and password out of its URL into the link's parameters", () => {
    expect(iceServerLinks(['turn:alice:s%40cret@turn.example.net:443?transport=tcp'])).toEqual([
      '<turn:turn.example.net:443?transport=tcp>; rel="ice-server"; username="alice"; credential="s@cret"; credential-type="password"',
    ]);
  });

  it('quotes what would end a quoted parameter', () => {
    const [link] = iceServerLinks(['turns:we"ird:pa\\ss@turn.example.net']);
    expect(link).toContain('username="we\\"ird"; credential="pa\\\\ss"');
  });

  it('announces nothing without servers', () => {
    expect(iceServerLinks()).toEqual([]);
  });
});
