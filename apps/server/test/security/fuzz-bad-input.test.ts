import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { routeOf } from '../helpers/route-call';
import { testDbEngine } from '../helpers/test-database';
import { buildFixtures, type Fixtures } from './fixtures';
import { deepJson } from './mutations';
import { type RunningServer, startRunningServer } from './running-server';

/**
 * Issue 10, finding 7, case by case: each input the fuzz corpus found answered with a 500 (and the
 * control characters the contracts now refuse), as readable regressions next to the generated corpus.
 */
let server: RunningServer;
let fx: Fixtures;
let as: { token: string };

beforeAll(async () => {
  server = await startRunningServer({}, { jobs: false });
  fx = await buildFixtures(server);
  as = { token: server.owner.token };
}, 120_000);
afterAll(() => server?.close());

const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
const raw = (path: string, method: string, body: Buffer | string, type = 'application/json') =>
  server.http(path, { ...as, method, body, headers: { 'content-type': type } }).then(answer);

describe(`bad input answers 4xx naming the field (${testDbEngine()})`, () => {
  it('refuses NUL bytes in names, search terms, comment text and stream keys', async () => {
    const put = await server.op('sources.update', {
      ...as,
      params: { id: fx.ids.source },
      json: { name: 'a\u0000b' },
    });
    expectError(await answer(put), 400, 'VALIDATION_FAILED', 'name');
    const search = await server.op('sources.list', { ...as, query: { search: 'a\u0000b' } });
    expectError(await answer(search), 400, 'VALIDATION_FAILED', 'search');
    const comment = await server.op('comments.create', {
      ...as,
      params: { id: fx.ids.output },
      json: { text: '\u0000' },
    });
    expectError(await answer(comment), 400, 'VALIDATION_FAILED', 'text');
    const key = await server.op('sources.byStreamKey', { ...as, params: { key: 'abcdefgh\u0000' } });
    expectError(await answer(key), 400, 'VALIDATION_FAILED', 'key');
    const meta = await server.op('sources.setMeta', {
      ...as,
      params: { id: fx.ids.source },
      json: { meta: { 'a\u0000': 'x' } },
    });
    expectError(await answer(meta), 400, 'VALIDATION_FAILED', 'meta');
  });

  it('refuses control characters in one-line text and keeps line breaks in comments', async () => {
    const name = await server.op('sources.create', {
      ...as,
      json: { workspaceId: fx.ids.workspace, name: 'Cam\u001b[31m', type: 'rtmp' },
    });
    expectError(await answer(name), 400, 'VALIDATION_FAILED', 'name');
    const bell = await server.op('comments.create', {
      ...as,
      params: { id: fx.ids.output },
      json: { text: 'ding\u0007' },
    });
    expectError(await answer(bell), 400, 'VALIDATION_FAILED', 'text');
    const lines = await server.op('comments.create', {
      ...as,
      params: { id: fx.ids.output },
      json: { text: 'first line\nsecond line' },
    });
    expect(lines.status).toBe(201);
    expect(((await lines.json()) as { text: string }).text).toBe('first line\nsecond line');
  });

  it('refuses bodies that are not UTF-8, nest 20,000 deep or carry prototype keys, naming the body', async () => {
    // The raw bodies are the attack; the operation they are sent to comes from the table.
    const { method, url } = routeOf('sources.update', { id: fx.ids.source });
    const bytes = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    expectError(await raw(url, method, bytes), 400, 'VALIDATION_FAILED', 'body');
    expectError(await raw(url, method, deepJson(20_000)), 400, 'VALIDATION_FAILED', 'body');
    const proto = await raw(url, method, '{"name":"x","__proto__":{"isAdmin":true}}');
    expect(expectError(proto, 400, 'VALIDATION_FAILED', 'body').message).toContain('__proto__');
    expectError(await raw(url, method, ''), 400, 'VALIDATION_FAILED', 'body');
  });

  it('answers URLs that are not valid UTF-8 or too long in the one error shape', async () => {
    // A malformed percent-encoding no caller of the table could produce: the path is the attack.
    expectError(await answer(await server.http('/v1/sources/%FF%FE', as)), 400, 'VALIDATION_FAILED', 'url');
    const long = await server.op('sources.list', { ...as, query: { search: 'x'.repeat(20_000) } });
    expectError(await answer(long), 431, 'HEADERS_TOO_LARGE', 'headers');
  });

  it('answers an API key for an unknown user with 404, and an empty update with the unchanged resource', async () => {
    const key = await server.op('apiKeys.create', {
      ...as,
      params: { id: randomUUID() },
      json: { name: 'k' },
    });
    expectError(await answer(key), 404, 'NOT_FOUND');
    for (const kind of ['source', 'target'] as const) {
      const res = await server.op(`${kind}s.update`, { ...as, params: { id: fx.ids[kind] }, json: {} });
      expect(res.status, kind).toBe(200);
      expect(((await res.json()) as { id: string }).id).toBe(fx.ids[kind]);
    }
  });
});
