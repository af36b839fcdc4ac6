import { describe, expect, it } from 'vitest';
import { whepNext, whepUrl } from './use-whep';

describe('whepNext', () => {
  it('waits for the connection after an answer (201) and falls back on any other status', () => {
    expect(whepNext({ kind: 'answer', status: 201 })).toBe('wait');
    // 409 REALTIME_OFF / PROGRAM_NOT_LIVE, 400 offer, 401 token, 403, 404, 429, 5xx, a proxy's 200
    for (const status of [200, 204, 400, 401, 403, 404, 409, 429, 500, 502, 503])
      expect(whepNext({ kind: 'answer', status }), String(status)).toBe('fall-back');
  });

  it('falls back when the POST gets no answer or the browser refuses the offer or the answer', () => {
    expect(whepNext({ kind: 'error' })).toBe('fall-back');
  });

  it('plays once connected, watches a lost connection, falls back when it failed or closed', () => {
    expect(whepNext({ kind: 'state', state: 'connected' })).toBe('play');
    expect(whepNext({ kind: 'state', state: 'disconnected' })).toBe('watch');
    expect(whepNext({ kind: 'state', state: 'failed' })).toBe('fall-back');
    expect(whepNext({ kind: 'state', state: 'closed' })).toBe('fall-back');
    expect(whepNext({ kind: 'state', state: 'new' })).toBe('wait');
    expect(whepNext({ kind: 'state', state: 'connecting' })).toBe('wait');
  });

  const at = { connected: false, playing: false };
  it('falls back when not connected by the connect deadline, goes on when connected', () => {
    expect(whepNext({ kind: 'deadline', which: 'connect', ...at })).toBe('fall-back');
    expect(whepNext({ kind: 'deadline', which: 'connect', ...at, connected: true })).toBe('wait');
  });

  it('falls back when connected without a picture by the picture deadline', () => {
    expect(whepNext({ kind: 'deadline', which: 'picture', ...at, connected: true })).toBe('fall-back');
    expect(whepNext({ kind: 'deadline', which: 'picture', ...at })).toBe('fall-back');
    expect(whepNext({ kind: 'deadline', which: 'picture', connected: true, playing: true })).toBe('wait');
    // A picture that played once counts, also while the connection is lost for a moment.
    expect(whepNext({ kind: 'deadline', which: 'picture', ...at, playing: true })).toBe('wait');
  });

  it('falls back when a lost connection is not back by the reconnect deadline', () => {
    expect(whepNext({ kind: 'deadline', which: 'reconnect', ...at, playing: true })).toBe('fall-back');
    expect(whepNext({ kind: 'deadline', which: 'reconnect', connected: true, playing: true })).toBe('wait');
  });
});

describe('whepUrl', () => {
  it('is the same-origin WHEP route with the viewer token in t', () => {
    expect(whepUrl('0b6f3d2e-1111-4222-8333-944455556666', 'a.b+c/d')).toBe(
      '/v1/play/0b6f3d2e-1111-4222-8333-944455556666/whep?t=a.b%2Bc%2Fd',
    );
  });
});
