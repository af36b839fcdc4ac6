import { randomUUID } from 'node:crypto';
import { apiKeyVerdict, type Route } from '@stromwerk/contracts/api/route';
import { tableOperations } from '@stromwerk/contracts/api/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationKey } from '../helpers/route-call';
import { createTenant } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';
import { ACCESS, type Rule } from './access-table';
import { buildFixtures, type Fixtures } from './fixtures';
import { buildRequest, idFields, type MatrixRequest, takesId } from './matrix-requests';
import { loadOperations, type Operation } from './openapi-ops';
import { type RunningServer, startRunningServer } from './running-server';

/**
 * Issue 10, "Done when": every operation of docs/openapi.json that takes an id, generated from the document,
 * called against the first tenant's resources (one of every kind) by the owner of another corporation and
 * by members without the permission, over real sockets. The expected access of each operation comes
 * from the route table (access-table.ts); an operation missing there fails the first test.
 */
const ops = loadOperations();
/** End the caller's own sessions and take no id: sent here they would only log the attacker out. */
const ENDS_OWN_SESSION = new Set([operationKey('users.logout'), operationKey('users.logoutAll')]);
const attacked = ops.filter(
  (op) => ACCESS[op.key] !== undefined && ACCESS[op.key] !== 'public' && !ENDS_OWN_SESSION.has(op.key),
);

/** Findings the matrix is known to miss; empty: every case must hold. */
const KNOWN_ISSUES = new Set<string>([]);

let server: RunningServer;
let victim: Fixtures;
let mine: Fixtures;
let stranger: Awaited<ReturnType<typeof createTenant>>;
let secrets: string[];
/** A key of the first tenant's owner, scoped to its first workspace, read only (issue 31). */
let scopedKey: string;
const ROUTES = new Map<string, Route>(tableOperations().map((o) => [o.key, o.route]));

beforeAll(async () => {
  server = await startRunningServer({}, { jobs: false });
  victim = await buildFixtures(server);
  stranger = await createTenant(server, 'Stranger Corp');
  mine = await buildFixtures(server, { ...stranger, token: stranger.user.token, user: stranger.user.user });
  const made = await server.op('apiKeys.create', {
    token: server.owner.token,
    params: { id: server.owner.user.id },
    json: {
      name: 'matrix read key',
      scope: {
        corporationId: server.owner.corporationId,
        workspaceId: server.owner.workspaceId,
        permission: 'read',
      },
    },
  });
  scopedKey = ((await made.json()) as { key: string }).key;
  secrets = [
    ...Object.values(victim.ids),
    victim.otherWorkspaceId,
    server.owner.user.email,
    victim.streamKey,
    victim.invitationCode,
  ];
}, 120_000);
afterAll(() => server?.close());

async function send(r: MatrixRequest, token?: string, apiKey?: string) {
  const auth: Record<string, string> = apiKey ? { authorization: `Token ${apiKey}` } : {};
  const res = await server.http(r.url, {
    method: r.method,
    ...(token ? { token } : {}),
    ...(r.raw
      ? { body: r.raw.payload, headers: { ...(r.raw.headers as Record<string, string>), ...auth } }
      : r.body !== undefined
        ? { json: r.body, headers: auth }
        : { headers: auth }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, text };
}

/** The first tenant's ids, email and keys must not appear in an answer to anyone outside it. */
function expectNoLeak(r: MatrixRequest, text: string) {
  const asked = r.url + JSON.stringify(r.body ?? '');
  for (const s of secrets.filter((x) => !asked.includes(x))) expect(text, `leaked ${s}`).not.toContain(s);
}

const expectStatus = (res: { status: number; text: string }, allowed: number[], r: MatrixRequest) =>
  expect(
    allowed,
    `${r.method} ${r.url} ${JSON.stringify(r.body ?? '')} -> ${res.status} ${res.text.slice(0, 200)}`,
  ).toContain(res.status);

/** The answer for another tenant's id equals the answer for an unknown id (ids it echoes aside). */
const expectSameAnswer = (a: { status: number; text: string }, b: typeof a, r: MatrixRequest) => {
  const norm = (x: typeof a) => `${x.status} ${x.text.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}')}`;
  expect(norm(a), `${r.url} differs from an unknown id`).toBe(norm(b));
};

/** it(), or it.fails() for a case on the known-issue list. */
const check = (name: string) => (KNOWN_ISSUES.has(name) ? it.fails : it);

describe(`generated access matrix over docs/openapi.json (${testDbEngine()})`, () => {
  it('declares the access of every operation of the document', () => {
    const missing = ops.map((o) => o.key).filter((k) => !(k in ACCESS));
    expect(missing, 'declare these operations in the route table (packages/contracts/src/api)').toEqual([]);
    const stale = Object.keys(ACCESS).filter((k) => !ops.some((o) => o.key === k));
    expect(stale, 'operations no longer in docs/openapi.json').toEqual([]);
    expect(attacked.filter(takesId).length).toBeGreaterThan(100);
    expect(ops.length).toBe(tableOperations().length);
    console.log(
      `access matrix: ${ops.length} operations in the route table, ${attacked.length} attacked ` +
        `(${attacked.filter(takesId).length} take an id); the rest are public or end the caller's own session`,
    );
  });

  describe('without a caller: 401', () => {
    it.each(attacked)('$key', async (op) => {
      const r = buildRequest(op, victim, victim);
      const res = await send(r);
      expectStatus(res, [401], r);
    });
  });

  describe("as the owner of another corporation, aimed at the first tenant's resources", () => {
    it.each(attacked)('$key', async (op) => {
      const rule = ACCESS[op.key]!;
      const r = buildRequest(op, victim, victim);
      const res = await send(r, stranger.user.token);
      expectNoLeak(r, res.text);
      if (!takesId(op)) return expect(res.status, res.text).toBeLessThan(500);
      const pathId = op.params.some((p) => p.in === 'path');
      if (rule === 'platform') expectStatus(res, [403], r);
      else if (pathId) expectStatus(res, [404], r);
      else {
        // Ids in the body or query only: refused exactly as an id that does not exist is.
        expectStatus(res, [400, 403, 404], r);
        const unknown = await send(
          buildRequest(op, victim, { ...victim, ids: randomIds(victim) }),
          stranger.user.token,
        );
        expect(`${res.status} ${res.text}`, `${r.url} differs from an unknown id`).toBe(
          `${unknown.status} ${unknown.text}`,
        );
      }
    });
  });

  const foreignFields = attacked.flatMap((op) =>
    idFields(op).map((field) => ({ op, field, name: `${op.key} ${field.in}.${field.path.join('.')}` })),
  );
  describe("as the owner of another corporation, on its own resources naming one of the first tenant's", () => {
    for (const { op, field, name } of foreignFields) {
      check(`foreign ${name}`)(name, async () => {
        const r = buildRequest(op, mine, mine, { field, fx: victim });
        const res = await send(r, stranger.user.token);
        expectNoLeak(r, res.text);
        if (!isFilter(op, field)) expectStatus(res, [400, 403, 404], r);
        // Refused, or for a list filter answered, exactly as an id that does not exist: nothing to tell apart.
        const unknown = buildRequest(op, mine, mine, { field, fx: { ...victim, ids: randomIds(victim) } });
        const baseline = await send(unknown, stranger.user.token);
        expectSameAnswer(res, baseline, r);
      });
    }
  });

  // Issue 31: a key's scope bounds every operation, account routes included: the owner's read-only key of
  // its first workspace reads there and the owner's account, and changes nothing; credentials, sessions
  // and platform routes are closed to it.
  describe("as the owner's API key scoped to its first workspace, read only", () => {
    it.each(attacked)('$key', async (op) => {
      const route = ROUTES.get(op.key)!;
      const r = buildRequest(op, victim, victim);
      const res = await send(r, undefined, scopedKey);
      const verdict = apiKeyVerdict(route, true);
      if (verdict !== 'allowed') return expectStatus(res, [403], r);
      const rule = route.access;
      const reads =
        typeof rule === 'object' ? rule.need === 'read' && !rule.corporationLevel : op.method === 'GET';
      if (reads) return expect([401, 403], `${op.key}: ${res.text.slice(0, 200)}`).not.toContain(res.status);
      expectStatus(res, op.params.some((p) => p.in === 'path') ? [403, 404] : [400, 403, 404], r);
    });
  });

  const members = [
    ['a read-only member of the corporation', 'reader'],
    ['an admin of another workspace of the corporation', 'otherWorkspaceAdmin'],
  ] as const;
  for (const [title, who] of members) {
    describe(`as ${title}`, () => {
      it.each(attacked.filter((op) => ACCESS[op.key] !== 'self'))('$key', async (op) => {
        await memberCase(op, who);
      });
    });
  }
});

/** Whether the member `who` of the fixtures holds what `rule` needs (the fixtures live in workspace 1). */
function permitted(rule: Rule, who: 'reader' | 'otherWorkspaceAdmin') {
  if (typeof rule !== 'object') return false;
  if (who === 'reader') return rule.need === 'read';
  return rule.scope === 'corporation' && rule.need === 'read' && !rule.corporationLevel;
}

/** A query parameter of a list (no path id) that narrows it: not an address of one resource. */
const isFilter = (op: Operation, field: { in: 'query' | 'body' }) =>
  op.method === 'GET' && field.in === 'query' && !op.params.some((p) => p.in === 'path' && p.name === 'id');

const randomIds = (fx: Fixtures) =>
  Object.fromEntries(Object.keys(fx.ids).map((k) => [k, randomUUID()])) as Fixtures['ids'];

async function memberCase(op: Operation, who: 'reader' | 'otherWorkspaceAdmin') {
  const rule = ACCESS[op.key]!;
  const r = buildRequest(op, victim, victim);
  const res = await send(r, victim[who].token);
  const name = `${who} ${op.key}`;
  const verdict = () => {
    // Allowed: anything but a refusal (a 404 of something else, such as a preview not yet made, is fine).
    if (permitted(rule, who))
      return expect([401, 403], `${name}: ${res.text.slice(0, 200)}`).not.toContain(res.status);
    if (rule === 'platform') return expectStatus(res, [403], r);
    if (rule === 'user') return expectStatus(res, [404], r);
    const pathId = op.params.some((p) => p.in === 'path');
    return expectStatus(res, pathId ? [403, 404] : [400, 403, 404], r);
  };
  if (KNOWN_ISSUES.has(name)) expect(verdict).toThrow();
  else verdict();
}
