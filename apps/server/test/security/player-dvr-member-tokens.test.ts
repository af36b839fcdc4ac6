// Issue 31 item 5: the Clipping Tool's DVR address carries a member's viewer token (`m`), minted without
// the player's password, whitelist or viewer limit because a member may see the player anyway. Such a
// token must open that player only, and only for that member while they may read it: carried off (a
// copied address, a log, a Referer) it must not play the program anonymously nor in someone else's hands.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputs } from '../../src/db/schema/outputs';
import { programDir } from '../../src/modules/outputs/program-engine';
import { createMember, grant, type TestUser } from '../helpers/tenancy';
import { createTenant, createUser } from '../helpers/test-app';
import { type RunningServer, startRunningServer } from './running-server';

let srv: RunningServer;
let member: TestUser;
let stranger: TestUser;
/** A (password, DVR) and B (another player of the same workspace, also with a password). */
let playerA = '';
let playerB = '';
/** A player of another corporation. */
let foreign = '';

const LIVE =
  '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-PROGRAM-DATE-TIME:2026-11-25T10:00:00.000+0000\n#EXTINF:4.0,\nseg_1.ts\n#EXT-X-PART:DURATION=0.25,URI="part_2_0.m4s"\n';
const VOD =
  '#EXTM3U\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nvod_0.ts\n#EXT-X-ENDLIST\n';

/** A program on disk as the writer leaves it: live (index.m3u8, a segment and a part) and the VOD cut. */
function writeProgram(id: string) {
  const dir = programDir(srv.dataDir, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.m3u8'), LIVE);
  writeFileSync(join(dir, 'vod.m3u8'), VOD);
  writeFileSync(join(dir, 'vod.media'), 'recording');
  for (const f of ['seg_1.ts', 'part_2_0.m4s', 'vod_0.ts']) writeFileSync(join(dir, f), `bytes of ${f}`);
}

async function player(token: string, workspaceId: string, name: string) {
  const res = await srv.op('outputs.create', {
    token,
    json: { workspaceId, name, latency: 'high', passwords: ['only-for-viewers-who-paid'] },
  });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  writeProgram(id);
  return id;
}

const setInput = (id: string, input: 'main' | 'vod') =>
  srv.app.services.database.db.update(outputs).set({ input }).where(eq(outputs.id, id));

/** The member's DVR address for a player (GET /v1/outputs/{id}/dvr, as the Clipping Tool asks). */
async function memberToken(user: TestUser, id: string) {
  const res = await srv.op('clips.dvr', { params: { id }, token: user.token });
  expect(res.status).toBe(200);
  const { hlsUrl } = (await res.json()) as { hlsUrl: string | null };
  // The address carries the token as a signed path prefix; the query form (`?t=`) takes the same token.
  const m = hlsUrl?.match(new RegExp(`^/v1/play/${id}/t/([^/]+)/index\\.m3u8$`));
  expect(m).not.toBeNull();
  return decodeURIComponent(m![1]!);
}

/** Every program request a player makes with token `t` on player `id`, with `bearer` as its login. */
async function tryAll(id: string, t: string, bearer?: string) {
  const get = async (path: string) =>
    (await srv.http(`/v1/play/${id}/${path}?t=${encodeURIComponent(t)}`, { token: bearer })).status;
  return {
    playlist: await get('index.m3u8'),
    segment: await get('seg_1.ts'),
    part: await get('part_2_0.m4s'),
    vodSegment: await get('vod_0.ts'),
  };
}
const all = (status: number) => ({ playlist: status, segment: status, part: status, vodSegment: status });

beforeAll(async () => {
  srv = await startRunningServer();
  playerA = await player(srv.owner.token, srv.owner.workspaceId, 'A');
  playerB = await player(srv.owner.token, srv.owner.workspaceId, 'B');
  const other = await createTenant(srv, 'Other Corp');
  foreign = await player(other.user.token, other.workspaceId, 'Foreign');
  member = await createMember(srv, srv.owner.token, { workspaceId: srv.owner.workspaceId }, ['read']);
  stranger = await createUser(srv);
  for (const id of [playerA, playerB, foreign]) await setInput(id, 'main');
});
afterAll(() => srv?.close());

describe.each(['main', 'vod'] as const)('a member token of player A (program %s)', (input) => {
  beforeAll(async () => {
    for (const id of [playerA, playerB, foreign]) await setInput(id, input);
  });

  it('plays A for that member (the Clipping Tool sends the login with it)', async () => {
    const t = await memberToken(member, playerA);
    const got = await tryAll(playerA, t, member.token);
    // The live playlist lists seg_1/part_2_0, the VOD one vod_0: every file is served to the member.
    expect(got).toEqual(all(200));
    const text = await (
      await srv.http(`/v1/play/${playerA}/index.m3u8?t=${encodeURIComponent(t)}`, { token: member.token })
    ).text();
    expect(text).toContain(input === 'vod' ? 'vod_0.ts?t=' : 'seg_1.ts?t=');
  });

  it('opens neither another player of the same workspace nor one of another corporation', async () => {
    const t = await memberToken(member, playerA);
    expect(await tryAll(playerB, t, member.token)).toEqual(all(401));
    expect(await tryAll(foreign, t, member.token)).toEqual(all(401));
    expect(await tryAll(playerB, t)).toEqual(all(401));
  });

  it('does not play when replayed without the member: anonymously, or under another login', async () => {
    const t = await memberToken(member, playerA);
    expect(await tryAll(playerA, t)).toEqual(all(401));
    expect(await tryAll(playerA, t, stranger.token)).toEqual(all(401));
    // The owner may read A too, but the token is the member's: it is no pass for whoever holds it.
    expect(await tryAll(playerA, t, srv.owner.token)).toEqual(all(401));
  });
});

describe('a member token after the member lost access', () => {
  it('stops playing at once, before its hour is over', async () => {
    await setInput(playerA, 'main');
    const leaver = await createMember(srv, srv.owner.token, { workspaceId: srv.owner.workspaceId }, ['read']);
    const t = await memberToken(leaver, playerA);
    expect(await tryAll(playerA, t, leaver.token)).toEqual(all(200));
    await grant(srv, srv.owner.token, leaver.user.id, { workspaceId: srv.owner.workspaceId }, []);
    expect(await tryAll(playerA, t, leaver.token)).toEqual(all(401));
  });
});

describe('an anonymous viewer token of player A', () => {
  it('opens no other player: playlist, segment, part and VOD segment are refused on B', async () => {
    await setInput(playerA, 'main');
    await setInput(playerB, 'main');
    const res = await srv.op('play.session', {
      params: { id: playerA },
      json: { password: 'only-for-viewers-who-paid' },
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(await tryAll(playerA, token)).toEqual(all(200));
    expect(await tryAll(playerB, token)).toEqual(all(401));
    expect(await tryAll(foreign, token)).toEqual(all(401));
  });
});
