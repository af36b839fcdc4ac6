import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startRunningServer } from './running-server';

// Issue 10, finding 6: the domain whitelist decides who gets a viewer session, and the session stays
// bound to the site it was issued for.

let srv: RunningServer;
let whitelisted = '';
let open = '';
const INTRANET = 'https://intranet.example.com';
const EVIL = 'https://evil.example.net';

beforeAll(async () => {
  srv = await startRunningServer();
  const create = async (whitelist: string[]) => {
    const res = await srv.op('outputs.create', {
      token: srv.owner.token,
      json: { workspaceId: srv.owner.workspaceId, name: `Player ${whitelist.length}`, whitelist },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  whitelisted = await create(['intranet.example.com']);
  open = await create([]);
});
afterAll(() => srv.close());

/** POST /session as a browser would send it: `origin` is the Origin header of the calling page. */
async function session(id: string, body: object, origin?: string) {
  const res = await srv.op('play.session', {
    params: { id },
    json: body,
    headers: origin ? { origin } : {},
  });
  const json = (await res.json()) as { code?: string; token?: string };
  return { status: res.status, code: json.code, token: json.token };
}

describe('viewer sessions of a whitelisted player', () => {
  it('are refused without an embedding origin, or without an Origin header', async () => {
    expect(await session(whitelisted, {})).toMatchObject({ status: 403, code: 'DOMAIN_NOT_ALLOWED' });
    expect(await session(whitelisted, {}, srv.url)).toMatchObject({ status: 403 });
    expect(await session(whitelisted, { embedOrigin: INTRANET })).toMatchObject({ status: 403 });
  });

  it('are refused for a site not on the list, and for a foreign page claiming a listed site', async () => {
    expect(await session(whitelisted, { embedOrigin: EVIL }, EVIL)).toMatchObject({ status: 403 });
    expect(await session(whitelisted, { embedOrigin: EVIL }, srv.url)).toMatchObject({ status: 403 });
    // A script on evil.example.net cannot make the browser send another Origin.
    expect(await session(whitelisted, { embedOrigin: INTRANET }, EVIL)).toMatchObject({
      status: 403,
      code: 'DOMAIN_NOT_ALLOWED',
    });
  });

  it('are issued to our player page framed by a listed site, to the listed site itself, and to a direct visit', async () => {
    expect(await session(whitelisted, { embedOrigin: INTRANET }, srv.url)).toMatchObject({ status: 200 });
    expect(await session(whitelisted, { embedOrigin: INTRANET }, INTRANET)).toMatchObject({ status: 200 });
    expect(await session(whitelisted, { embedOrigin: srv.url }, srv.url)).toMatchObject({ status: 200 });
    expect(
      await session(whitelisted, { embedOrigin: 'http://stromwerk.test' }, 'http://stromwerk.test'),
    ).toMatchObject({ status: 200 });
  });

  it('bind the token to the embedding site: pages of other sites cannot use it', async () => {
    const { token } = await session(whitelisted, { embedOrigin: INTRANET }, srv.url);
    const state = (headers: Record<string, string>) =>
      srv.op('play.state', { params: { id: whitelisted }, query: { t: token! }, headers });
    expect((await state({ origin: EVIL })).status).toBe(403);
    expect((await state({ referer: `${EVIL}/watch.html` })).status).toBe(403);
    const comments = await srv.op('play.comments', {
      params: { id: whitelisted },
      query: { t: token! },
      headers: { origin: EVIL },
    });
    expect(comments.status).toBe(403);
    expect((await state({ referer: `${srv.url}/player/${whitelisted}` })).status).toBe(200);
    expect((await state({ origin: INTRANET })).status).toBe(200);
    // Without any page information (a non-browser client) the token alone decides.
    expect((await state({})).status).toBe(200);
  });
});

describe('a player without a whitelist', () => {
  it('issues sessions to anyone, as before', async () => {
    expect(await session(open, {})).toMatchObject({ status: 200 });
    const { token } = await session(open, { embedOrigin: EVIL }, EVIL);
    const state = await srv.op('play.state', {
      params: { id: open },
      query: { t: token! },
      headers: { origin: EVIL },
    });
    expect(state.status).toBe(200);
  });
});
