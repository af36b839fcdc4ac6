// Issue 10, finding 1 at the door: an upload is judged by probing its content, and a playlist or any
// format that opens other files or addresses is refused (415 naming the file) before anything reads
// what it names: another tenant's media, /etc/passwd, a loopback HTTP server or RTP port.
import { join } from 'node:path';
import type { Media } from '@stromwerk/contracts/medias';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/media';
import { createTenant } from '../helpers/test-app';
import { lavfi, redClip, referenceFiles, startRecorder, withExternalDref } from './media-attacks';
import { type RunningServer, startRunningServer } from './running-server';

let srv: RunningServer;
let recorder: Awaited<ReturnType<typeof startRecorder>>;
let attacker: Awaited<ReturnType<typeof createTenant>>;
let victimPath: string;
let mp4: Buffer;

async function upload(files: { filename: string; data: Buffer }[], token: string, workspaceId: string) {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.data)]), f.filename);
  const res = await srv.op('medias.upload', {
    query: { workspaceId },
    body: form,
    token,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const attackerUpload = (filename: string, data: Buffer) =>
  upload([{ filename, data }], attacker.user.token, attacker.workspaceId);
const attackerLibrary = async () => {
  const res = await srv.op('medias.list', {
    query: { workspaceId: attacker.workspaceId },
    token: attacker.user.token,
  });
  return ((await res.json()) as { items: Media[] }).items;
};

beforeAll(async () => {
  srv = await startRunningServer();
  recorder = await startRecorder();
  const victim = await upload(
    [{ filename: 'board-meeting.mkv', data: await redClip(join(srv.dataDir, 'red.mkv')) }],
    srv.owner.token,
    srv.owner.workspaceId,
  );
  expect(victim.status).toBe(201);
  const original = (victim.body.items as Media[])[0]!.files.find((f) => f.kind === 'original')!;
  victimPath = await srv.app.services.storage.ffmpegInput(original.bucketRef);
  attacker = await createTenant(srv, 'Attacker Corp');
  mp4 = await lavfi(join(srv.dataDir, 'tiny.mp4'), [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=64x48:rate=10:duration=1', '-c:v', 'libx264'],
  ]);
});
beforeEach(() => recorder?.reset());
afterAll(async () => {
  await recorder?.close();
  await srv?.close();
});

describe('uploads that name other files or addresses are refused by content', () => {
  const cases = () => referenceFiles({ victimPath, recorderUrl: recorder.url, udpPort: recorder.udpPort });
  // The names are needed before beforeAll has run; the files themselves are built inside the test.
  const names = referenceFiles({ victimPath: '/v', recorderUrl: 'http://h', udpPort: 1 }).map((c) => c.name);

  it.each(names)('%s: 415 naming the file and its format, nothing read, nothing kept', async (name) => {
    const attack = cases().find((c) => c.name === name)!;
    const res = await attackerUpload(attack.filename, attack.data);
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA');
    expect(res.body.message).toContain(`"${attack.filename}"`);
    expect(res.body.message).toContain(`format ${attack.format}`);
    expect(res.body.details).toEqual([{ field: 'file', message: expect.stringContaining(attack.filename) }]);
    expect(await attackerLibrary()).toEqual([]);
    expect(recorder.requests).toEqual([]);
    expect(recorder.datagrams).toEqual([]);
  });

  it('an MP4 whose track is stored in another tenant’s file (external dref) is refused', async () => {
    const res = await attackerUpload('looks-normal.mp4', withExternalDref(mp4, victimPath));
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/"looks-normal\.mp4" is not accepted: .*external tracks/);
    expect(await attackerLibrary()).toEqual([]);
  });

  it('a picture only the image2 (sequence) demuxer reads is refused, whatever its name', async () => {
    const tga = await lavfi(join(srv.dataDir, 'still.tga'), [
      ...['-f', 'lavfi', '-i', 'color=c=blue:size=16x16', '-frames:v', '1'],
    ]);
    const res = await attackerUpload('frame-%03d.tga', tga);
    expect(res.status).toBe(415);
    expect(res.body.message).toContain('"frame-%03d.tga" is not accepted: format image2');
  });

  it('real media still upload: video, audio and a still named like an image2 pattern', async () => {
    const dir = srv.dataDir;
    const png = await lavfi(join(dir, 'p.png'), [
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:size=16x16',
      '-frames:v',
      '1',
    ]);
    const mp3 = await lavfi(join(dir, 't.mp3'), ['-f', 'lavfi', '-i', 'sine=duration=1']);
    const res = await attackerUpload('clip.mp4', mp4);
    expect(res.status).toBe(201);
    const more = await upload(
      [
        { filename: 'tone.mp3', data: mp3 },
        { filename: 'overlay-%03d.png', data: png },
      ],
      attacker.user.token,
      attacker.workspaceId,
    );
    expect(more.status).toBe(201);
    const items = [...(res.body.items as Media[]), ...(more.body.items as Media[])];
    expect(items.map((m) => m.info?.formatName)).toEqual(['mov,mp4,m4a,3gp,3g2,mj2', 'mp3', 'png_pipe']);
    // The stored key never carries the uploaded name, so no pattern reaches ffmpeg.
    for (const m of items) for (const f of m.files) expect(f.bucketRef).not.toContain('%');
    // Their thumbnail jobs read them through the forced demuxer (mov, mp3, png_pipe): pictures get stills,
    // sound a waveform.
    const kinds = async (id: string) => {
      const res = await srv.op('medias.get', { params: { id }, token: attacker.user.token });
      const m = (await res.json()) as Media;
      return m.status === 'ready' ? { error: m.error, kinds: m.files.map((f) => f.kind).sort() } : undefined;
    };
    const withThumbs = { error: null, kinds: ['original', 'preview', 'thumbnail'] };
    expect(await waitFor('mp4 ready', () => kinds(items[0]!.id))).toEqual(withThumbs);
    expect(await waitFor('mp3 ready', () => kinds(items[1]!.id))).toEqual({
      error: null,
      kinds: ['original', 'waveform'],
    });
    expect(await waitFor('png ready', () => kinds(items[2]!.id))).toEqual(withThumbs);
  });
});

describe('avatars', () => {
  it('refuse a playlist, and an image-looking one can never become a re-live or fallback input', async () => {
    const avatar = (data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), 'me.png');
      return srv.op('users.uploadAvatar', {
        params: { id: attacker.user.user.id },
        body: form,
        token: attacker.user.token,
      });
    };
    const playlist = Buffer.from(`#EXTM3U\n#EXTINF:1.0,\n${victimPath}\n#EXT-X-ENDLIST\n`);
    expect((await avatar(playlist)).status).toBe(415);
    // PNG magic in front: stored and served as an image (never given to ffmpeg), but it is no media of
    // a workspace, so no source or player can take it as input.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const stored = await avatar(Buffer.concat([png, playlist]));
    expect(stored.status).toBe(200);
    const mediaId = ((await stored.json()) as { avatarMediaId: string }).avatarMediaId;
    const relive = await srv.op('sources.create', {
      token: attacker.user.token,
      json: { workspaceId: attacker.workspaceId, name: 'Relive', type: 'relive', mediaId },
    });
    expect(relive.status).toBe(400);
    expect(((await relive.json()) as { message: string }).message).toMatch(/^mediaId/);
    const player = await srv.op('outputs.create', {
      token: attacker.user.token,
      json: { workspaceId: attacker.workspaceId, name: 'Player', fallbackMediaId: mediaId },
    });
    expect(player.status).toBe(400);
    expect(((await player.json()) as { message: string }).message).toMatch(/^fallbackMediaId/);
  });
});
