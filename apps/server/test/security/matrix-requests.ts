import { multipartBody } from '../helpers/multipart';
import { operationKey } from '../helpers/route-call';
import { type Fixtures, kindOfField, kindOfPathId } from './fixtures';
import type { Operation, Schema } from './openapi-ops';
import { fieldsOf, sample, setPath } from './sample';

export interface MatrixRequest {
  method: string;
  url: string;
  body?: unknown;
  /** A multipart body, for the upload operations the document describes without a JSON schema. */
  raw?: { payload: Buffer; headers: Record<string, string> };
}

/** The smallest PNG: uploads pass the content sniffing and reach the access check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const upload = () =>
  multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG }]);

/**
 * Valid payloads of operations whose document schema is an open object (payload in the query string or
 * body, validated in the handler), so the request reaches the access check instead of failing validation.
 */
const BODIES: Record<string, () => Omit<MatrixRequest, 'method' | 'url'>> = {
  [operationKey('users.updateEmail')]: () => ({
    body: { email: 'taken-over@example.test', password: 'guessed-password' },
  }),
  [operationKey('users.updatePassword')]: () => ({
    body: { currentPassword: 'guessed-password', newPassword: 'new-password-1' },
  }),
  [operationKey('invitations.respond')]: () => ({ body: { accept: false } }),
  [operationKey('medias.rename')]: () => ({ body: { name: 'Renamed' } }),
  [operationKey('jobs.update')]: () => ({ body: { priority: 1 } }),
  [operationKey('comments.edit')]: () => ({ body: { text: 'Edited' } }),
  [operationKey('users.uploadAvatar')]: () => ({ raw: upload() }),
  [operationKey('medias.upload')]: () => ({ raw: upload() }),
  [operationKey('medias.uploadFile')]: () => ({ raw: upload() }),
};

const isId = (s: Schema) => s.format === 'uuid' || (s.type === 'array' && s.items?.format === 'uuid');

/** The query parameters and body fields of an operation that name a resource by id. */
export function idFields(op: Operation): { in: 'query' | 'body'; path: string[] }[] {
  const query = op.params
    .filter((p) => p.in === 'query' && isId(p.schema))
    .map((p) => ({ in: 'query' as const, path: [p.name] }));
  const body = op.body
    ? fieldsOf(op.body)
        .filter((f) => isId(f.schema))
        .map((f) => ({ in: 'body' as const, path: f.path }))
    : [];
  return [...query, ...body];
}

/** A path parameter addresses one resource unless it is one of a fixed list (a network, an origin kind). */
export const takesId = (op: Operation) =>
  op.params.some((p) => p.in === 'path' && !(p.schema as { enum?: unknown[] }).enum) ||
  idFields(op).length > 0;

/** The id of `fx` a field names; undefined when the field names nothing the fixtures hold. */
function fieldId(fx: Fixtures, field: string, path?: string): string | undefined {
  const kind = kindOfField(field, path);
  if (kind === 'member') return fx.ids.user;
  return kind ? fx.ids[kind] : undefined;
}

/**
 * One request for an operation: path ids from `paths`, id fields from `fields` (except `foreign`, which
 * takes its id from `foreignFx`), everything else sampled from the schema.
 */
export function buildRequest(
  op: Operation,
  paths: Fixtures,
  fields: Fixtures,
  foreign?: { field: { in: 'query' | 'body'; path: string[] }; fx: Fixtures },
): MatrixRequest {
  const idFor = (field: string) => fieldId(fields, field, op.path) ?? '00000000-0000-4000-8000-000000000000';
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'id') {
      const kind = kindOfPathId(op.path);
      return kind ? paths.ids[kind] : idFor(name);
    }
    if (name === 'key') return paths.streamKey;
    if (name === 'code') return paths.invitationCode;
    const p = op.params.find((x) => x.name === name);
    return encodeURIComponent(String(sample(p?.schema ?? {}, name, idFor)));
  });
  const query = new URLSearchParams();
  for (const p of op.params.filter((x) => x.in === 'query')) {
    if (p.required || isId(p.schema)) query.set(p.name, String(sample(p.schema, p.name, idFor)));
  }
  const override = BODIES[op.key]?.();
  let body = override ? override.body : op.body ? sample(op.body, 'body', idFor) : undefined;
  const asValue = (name: string, id: string) => (name.endsWith('Ids') || name === 'ids' ? [id] : id);
  // Optional id fields take part too (they are what the matrix is about), where their object exists.
  for (const f of idFields(op).filter((x) => x.in === 'body' && x.path.length === 1)) {
    const value = fieldId(fields, f.path[0]!, op.path);
    if (value && body && typeof body === 'object') body = setPath(body, f.path, asValue(f.path[0]!, value));
  }
  if (foreign) {
    const name = foreign.field.path[foreign.field.path.length - 1]!;
    const value = fieldId(foreign.fx, name, op.path) ?? idFor(name);
    // The payload may sit in the query string or the body (body wins): the foreign id goes in both.
    if (foreign.field.in === 'query' || query.has(name)) query.set(name, value);
    if (foreign.field.in === 'body' || (body && typeof body === 'object' && name in body)) {
      body = setPath(body, foreign.field.path, asValue(name, value));
    }
  }
  const q = query.toString();
  return {
    method: op.method,
    url: q ? `${url}?${q}` : url,
    ...(body !== undefined ? { body } : {}),
    ...(override?.raw ? { raw: override.raw } : {}),
  };
}
