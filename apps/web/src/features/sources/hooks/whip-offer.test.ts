import { ApiError, GenericError } from '@stromwerk/client/api-error';
import { describe, expect, it } from 'vitest';
import { preferH264, preferOpus, resourceUrl, whipEndpoint, whipRefusal } from './whip-offer';

const codec = (mimeType: string, sdpFmtpLine?: string): RTCRtpCodec => ({
  mimeType,
  clockRate: 90000,
  ...(sdpFmtpLine ? { sdpFmtpLine } : {}),
});

describe('preferH264', () => {
  const vp8 = codec('video/VP8');
  const rtx = codec('video/rtx', 'apt=96');
  const high = codec('video/H264', 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=640c1f');
  const baseline = codec(
    'video/H264',
    'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f',
  );
  const constrained = codec(
    'video/H264',
    'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
  );
  const mode0 = codec('video/H264', 'level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f');

  it('puts H.264 packetization-mode 1 first, constrained baseline before the other profiles', () => {
    expect(preferH264([vp8, rtx, mode0, high, baseline, constrained])).toEqual([
      constrained,
      baseline,
      high,
      mode0,
      vp8,
      rtx,
    ]);
  });

  it('keeps the rest in the browser order', () => {
    const vp9 = codec('video/VP9');
    expect(preferH264([vp9, vp8, high])).toEqual([high, vp9, vp8]);
  });

  it('is null without H.264 in packetization-mode 1: the server could not copy it', () => {
    expect(preferH264([vp8, rtx])).toBeNull();
    expect(preferH264([mode0, vp8])).toBeNull();
  });
});

describe('preferOpus', () => {
  it('puts Opus first', () => {
    const opus = codec('audio/opus', 'minptime=10;useinbandfec=1');
    const pcmu = codec('audio/PCMU');
    const red = codec('audio/red');
    expect(preferOpus([red, pcmu, opus])).toEqual([opus, red, pcmu]);
  });
});

describe('whipEndpoint', () => {
  const page = 'https://stream.example';
  it('posts to the ingest URL on the page origin', () => {
    expect(whipEndpoint('https://stream.example/v1/whip', page)).toBe('https://stream.example/v1/whip');
  });
  it('posts to the same path on the page origin when the ingest URL names another (no CORS)', () => {
    expect(whipEndpoint('http://10.0.0.5:8080/v1/whip', page)).toBe('https://stream.example/v1/whip');
  });
  it('takes /v1/whip without an ingest URL', () => {
    expect(whipEndpoint(null, 'http://localhost:5173')).toBe('http://localhost:5173/v1/whip');
  });
});

describe('resourceUrl', () => {
  it('resolves the Location path against the endpoint', () => {
    expect(resourceUrl('/v1/whip/r1', 'https://stream.example/v1/whip')).toBe(
      'https://stream.example/v1/whip/r1',
    );
    expect(resourceUrl('https://media.example/x', 'https://stream.example/v1/whip')).toBe(
      'https://media.example/x',
    );
  });
});

describe('whipRefusal', () => {
  it('reads the WHIP route error body { error: { code, message } }', () => {
    const error = whipRefusal(
      409,
      JSON.stringify({ error: { code: 'SOURCE_LIVE', message: 'Already live' } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 409, code: 'SOURCE_LIVE', message: 'Already live' });
  });
  it('reads the flat API error body too', () => {
    const error = whipRefusal(
      401,
      JSON.stringify({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'No' }),
    );
    expect(error).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'No' });
  });
  it('is a GenericError with the status for a body without a message', () => {
    expect(whipRefusal(502, '<html>Bad gateway</html>')).toBeInstanceOf(GenericError);
    expect(whipRefusal(502, '<html>Bad gateway</html>').statusCode).toBe(502);
  });
});
