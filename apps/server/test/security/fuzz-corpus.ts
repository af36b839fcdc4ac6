import { operationKey } from '../helpers/route-call';
import { type Fixtures, kindOfField, kindOfPathId } from './fixtures';
import { bodyMutations, multipartMutations, rawMutations, valueMutations } from './mutations';
import { type Operation, type Param, type Rng, seededRandom } from './openapi-ops';
import { fieldsOf, sample, setPath } from './sample';

/** One generated request: everything already encoded, so the bytes on the wire are exactly these. */
export interface FuzzCase {
  op: string;
  label: string;
  method: string;
  url: string;
  body?: Buffer | string;
  contentType?: string;
}

/**
 * Deletes run last, the tenant's workspace and corporation after everything in them; whatever ends the
 * caller's session (logout, session lists) after that, so it cannot cut the corpus short.
 */
function order(op: Operation) {
  if (/logout|sessions/.test(op.path)) return 4;
  if (op.method !== 'DELETE') return 0;
  if (op.key === operationKey('corporations.remove')) return 3;
  return op.key === operationKey('workspaces.remove') ? 2 : 1;
}

export function generateCorpus(ops: Operation[], fx: Fixtures, seed: number): FuzzCase[] {
  const rng = seededRandom(seed);
  const idFor = (field: string) => {
    const kind = kindOfField(field);
    if (kind === 'member') return fx.member.user.id;
    return kind ? fx.ids[kind] : rng.uuid();
  };
  const cases: FuzzCase[] = [];
  for (const op of [...ops].sort((a, b) => order(a) - order(b)))
    cases.push(...operationCases(op, fx, idFor, rng));
  return cases;
}

function pathValue(op: Operation, p: Param, fx: Fixtures, idFor: (f: string) => string): string {
  if (p.name === 'id') {
    const kind = kindOfPathId(op.path);
    // User ids point at a user without memberships, so blocks and flags do not lock the owner out.
    if (kind === 'user') return fx.member.user.id;
    return kind ? fx.ids[kind] : idFor(p.name);
  }
  if (p.name === 'key') return fx.streamKey;
  if (p.name === 'code') return fx.invitationCode;
  return encodeURIComponent(String(sample(p.schema, p.name, idFor)));
}

function operationCases(op: Operation, fx: Fixtures, idFor: (f: string) => string, rng: Rng): FuzzCase[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const validPath = Object.fromEntries(pathParams.map((p) => [p.name, pathValue(op, p, fx, idFor)]));
  const validQuery = Object.fromEntries(
    queryParams
      .filter((p) => p.required)
      .map((p) => [p.name, encodeURIComponent(String(sample(p.schema, p.name, idFor)))]),
  );
  const baseBody = op.body ? sample(op.body, 'body', idFor) : undefined;
  const url = (path: Record<string, string>, query: Record<string, string>, extra = '') => {
    const p = op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? 'x');
    const q = [...Object.entries(query).map(([k, v]) => `${k}=${v}`), ...(extra ? [extra] : [])].join('&');
    return q ? `${p}?${q}` : p;
  };
  const json = 'application/json';
  const make = (
    label: string,
    u: string,
    body?: unknown,
    raw?: { body: Buffer | string; type?: string },
  ) => ({
    op: op.key,
    label,
    method: op.method,
    url: u,
    ...(raw
      ? { body: raw.body, ...(raw.type ? { contentType: raw.type } : {}) }
      : body !== undefined && op.method !== 'GET'
        ? { body: JSON.stringify(body), contentType: json }
        : {}),
  });
  const out: FuzzCase[] = [];
  const validUrl = url(validPath, validQuery);

  for (const p of pathParams) {
    const others = (v: string) => url({ ...validPath, [p.name]: v }, validQuery);
    out.push(make(`path ${p.name}: random uuid`, others(rng.uuid()), baseBody));
    out.push(make(`path ${p.name}: malformed`, others('not-an-id'), baseBody));
    for (const m of rawMutations(rng))
      out.push(make(`path ${p.name}: ${m.label}`, others(m.value), baseBody));
  }
  if (op.method === 'DELETE') {
    // Only the ids are worth attacking on a delete; the valid request comes last and removes the fixture.
    out.push(make('valid request', validUrl, baseBody));
    return out;
  }
  for (const p of queryParams) {
    for (const m of rawMutations(rng)) {
      out.push(
        make(`query ${p.name}: ${m.label}`, url(validPath, { ...validQuery, [p.name]: m.value }), baseBody),
      );
    }
    out.push(
      make(`query ${p.name}: repeated`, url(validPath, validQuery, `${p.name}=a&${p.name}=b`), baseBody),
    );
    out.push(
      make(`query ${p.name}: bracket`, url(validPath, validQuery, `${p.name}[__proto__][x]=1`), baseBody),
    );
  }
  out.push(
    make('query __proto__', url(validPath, validQuery, '__proto__[isAdmin]=true&constructor=x'), baseBody),
  );
  if (op.body) {
    for (const f of fieldsOf(op.body)) {
      for (const m of valueMutations(rng)) {
        out.push(make(`body ${f.path.join('.')}: ${m.label}`, validUrl, setPath(baseBody, f.path, m.value)));
      }
    }
  }
  if (op.method !== 'GET') {
    const whole = bodyMutations(baseBody);
    // Bodyless operations still get the raw-byte attacks; every content type is tried where a body counts.
    const chosen = op.body ? whole : whole.filter((_, i) => i % 3 === 0);
    for (const m of chosen) out.push(make(`body: ${m.label}`, validUrl, undefined, m.value));
  }
  // Uploads: the document describes their multipart body in the summary only.
  if (/multipart/i.test(op.summary ?? '')) {
    for (const m of multipartMutations()) out.push(make(`body: ${m.label}`, validUrl, undefined, m.value));
  }
  out.push(make('valid request', validUrl, baseBody));
  return out;
}
