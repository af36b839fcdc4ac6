import { describe, expect, it } from 'vitest';
import { publicReason } from '../../src/modules/live/target-runner';
import {
  endpointOf,
  isPublicAddress,
  PRIVATE_REFUSED,
  publicAddresses,
  RECEIVER_UNREACHABLE,
} from '../../src/modules/targets/target-policy';

describe('target policy', () => {
  it('calls only globally routable unicast addresses public', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888'])
      expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.251',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('finds the host of every target type, without IPv6 brackets or credentials', () => {
    expect(endpointOf({ type: 'rtmp', url: 'rtmps://live.example.com:443/app', streamKey: '' })).toEqual({
      host: 'live.example.com',
      field: 'settings.url',
    });
    expect(endpointOf({ type: 'rtmp', url: 'rtmp://user:pw@[::1]:1935/app', streamKey: '' }).host).toBe(
      '::1',
    );
    expect(
      endpointOf({
        type: 'srt',
        host: '[fd00::2]',
        port: 9000,
        latencyMs: 200,
        passphrase: '',
        streamId: '',
      }),
    ).toEqual({ host: 'fd00::2', field: 'settings.host' });
    expect(
      endpointOf({
        type: 'icecast',
        url: 'http://radio.example.org:8000',
        mount: '/live.mp3',
        username: 'source',
        password: 'x',
        format: 'mp3',
        bitrateKbps: 128,
      }).host,
    ).toBe('radio.example.org');
  });

  it('resolves names and refuses one that points inside', async () => {
    await expect(publicAddresses('8.8.8.8')).resolves.toEqual(['8.8.8.8']);
    await expect(publicAddresses('localhost')).rejects.toMatchObject({
      message: PRIVATE_REFUSED,
      refused: true,
    });
    await expect(publicAddresses('no-such-host.invalid')).rejects.toMatchObject({ refused: false });
  });

  it('reports every way a connection fails in one sentence', () => {
    for (const reason of [
      'Connection refused',
      'Connection reset by peer',
      'Connection timed out',
      'Network is unreachable',
      'Input/output error',
      'No progress for 20 s (stalled)',
      'Broken pipe (the receiver closed the connection)',
      // A peer that closes during the handshake with FIN rather than RST (the flaky case of CI run 9).
      'rtmp://127.0.0.1:4000/app/***: End of file',
      'Invalid data found when processing input',
      'some message a future ffmpeg prints',
    ])
      expect(publicReason(reason), reason).toBe(RECEIVER_UNREACHABLE);
    expect(publicReason('Server returned 401 Unauthorized')).toBe('Server returned 401 Unauthorized');
    expect(publicReason(PRIVATE_REFUSED)).toBe(PRIVATE_REFUSED);
    expect(publicReason('Wrong SRT passphrase')).toBe('Wrong SRT passphrase');
    expect(publicReason('Host name could not be resolved')).toBe('Host name could not be resolved');
    expect(publicReason(null)).toBeNull();
  });
});
