import { summarizeStderr } from '@stromwerk/media/stderr-summary';
import { describe, expect, it } from 'vitest';
import { failureCause } from '../../src/modules/live/failure-cause';
import { publicReason } from '../../src/modules/live/target-runner';

/** What a user sees for a failure ffmpeg described with these stderr lines. */
const causeOfStderr = (...lines: string[]) => failureCause(publicReason(summarizeStderr(lines)));

describe('failure causes (issue 13.7)', () => {
  it('gives refused, reset, timed-out and closed connections one cause, so ports cannot be told apart', () => {
    for (const line of [
      'Connection refused',
      '[tcp @ 0x55] Connection to tcp://203.0.113.9:1935 failed: Connection reset by peer',
      'Connection timed out',
      'Error writing trailer of rtmp://x/live/***: End of file',
      'Input/output error',
    ])
      expect(causeOfStderr(line), line).toBe('receiver-unreachable');
  });

  it('names what the receiver said: credentials, a refusal, an unknown host, a codec it cannot take', () => {
    expect(causeOfStderr('[https @ 0x1] HTTP error 403 Forbidden')).toBe('credentials-rejected');
    expect(causeOfStderr('Server returned 401 Unauthorized (authorization failed)')).toBe(
      'credentials-rejected',
    );
    expect(causeOfStderr('[srt @ 0x2] Connection setup failure: BADSECRET')).toBe('credentials-rejected');
    expect(causeOfStderr('Server returned 404 Not Found')).toBe('receiver-refused');
    expect(causeOfStderr('Failed to resolve hostname live.example: Name or service not known')).toBe(
      'host-unresolvable',
    );
    expect(causeOfStderr('[flv @ 0x3] Video codec hevc not compatible with flv')).toBe('codec-not-accepted');
  });

  it('separates our own refusals and missing ffmpeg features from the receiver', () => {
    expect(
      failureCause('Targets may only send to public internet addresses, not to local or private networks'),
    ).toBe('private-address');
    expect(failureCause('ffmpeg is not available on this server')).toBe('server-feature-missing');
    expect(causeOfStderr('Protocol not found')).toBe('server-feature-missing');
    expect(failureCause(null)).toBeNull();
    expect(failureCause('Something nobody has seen before')).toBe('other');
  });
});
