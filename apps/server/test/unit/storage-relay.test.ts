// The loopback relay ffmpeg reads S3 objects through (issue 30 item 4): ranges as HTTP has them, only
// addresses this process signed, only for processes of the server's own user.
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { storageRelay } from '../../src/plugins/storage-relay';

const objects = new Map<string, Buffer>([
  ['library/a b/original.mkv', Buffer.from('0123456789abcdef')],
  ['library/empty/original.mkv', Buffer.alloc(0)],
]);
const relay = storageRelay({
  size: async (key) => objects.get(key)?.length ?? null,
  read: (key, range) => Readable.from([objects.get(key)!.subarray(range!.start, range!.end + 1)]),
});
afterAll(() => relay.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

describe('storage relay', () => {
  it('gives an address on loopback with no credential of the storage in it', async () => {
    const url = await relay.address('library/a b/original.mkv');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\d+\/[\w-]{43}\/library\/a%20b\/original\.mkv$/);
    expect(url).not.toMatch(/X-Amz|Signature=|Credential=/);
  });

  it('serves the whole object, and the byte ranges ffmpeg asks for when it seeks', async () => {
    const url = await relay.address('library/a b/original.mkv');
    const whole = await get(url);
    expect([whole.status, whole.text, whole.headers.get('accept-ranges')]).toEqual([
      200,
      '0123456789abcdef',
      'bytes',
    ]);
    const part = await get(url, { range: 'bytes=4-' });
    expect([part.status, part.text, part.headers.get('content-range')]).toEqual([
      206,
      '456789abcdef',
      'bytes 4-15/16',
    ]);
    const tail = await get(url, { range: 'bytes=-3' });
    expect([tail.status, tail.text]).toEqual([206, 'def']);
    const past = await get(url, { range: 'bytes=16-' });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, 'bytes */16']);
  });

  it('answers an empty object and a missing one', async () => {
    expect((await get(await relay.address('library/empty/original.mkv'))).status).toBe(200);
    expect((await get(await relay.address('library/gone/original.mkv'))).status).toBe(404);
  });

  it('refuses an address it did not sign, one changed to another key, and an expired one', async () => {
    const url = await relay.address('library/a b/original.mkv');
    const other = url.replace('a%20b', 'empty');
    expect((await get(other)).status).toBe(403);
    const forged = url.replace(/\/[\w-]{43}\//, `/${'A'.repeat(43)}/`);
    expect((await get(forged)).status).toBe(403);
    const later = url.replace(/\/(\d+)\//, (_, s: string) => `/${Number(s) + 1}/`);
    expect((await get(later)).status).toBe(403);
    const shortLived = storageRelay({ size: async () => 1, read: () => Readable.from(['x']) }, -1);
    try {
      expect((await get(await shortLived.address('library/a b/original.mkv'))).status).toBe(403);
    } finally {
      await shortLived.close();
    }
  });

  // Another local user reads the address from `ps`: the relay refuses its connection. Only root can
  // start a process as another user here; CI runs as root.
  it.skipIf(process.getuid?.() !== 0)('refuses a process of another user', async () => {
    const url = await relay.address('library/a b/original.mkv');
    const script = `fetch(${JSON.stringify(url)}).then(r => console.log(r.status), e => console.log('error', e.message))`;
    const statusFor = async (user: { uid?: number; gid?: number }) => {
      const child = spawn(process.execPath, ['-e', script], user);
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      await new Promise((resolve) => child.once('exit', resolve));
      return out.trim();
    };
    expect(await statusFor({ uid: 65534, gid: 65534 })).toBe('403');
    // The same request from a process of our own user is answered: the refusal is the user's.
    expect(await statusFor({})).toBe('200');
  });
});
