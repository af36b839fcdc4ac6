import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The operations of docs/openapi.json, read when the tests run: the fuzz corpus and the access matrix are
 * generated from them, so a new route is attacked without anyone writing a test for it.
 */
export type Schema = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
  default?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
};

export interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  /** `METHOD /path` as the document writes it: the key of the permission table. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  params: Param[];
  /** The JSON body schema, when the operation takes one. */
  body?: Schema;
  /** The document's summary: upload operations describe their multipart body only there. */
  summary?: string;
}

const docFile = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));

interface Doc {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, Schema> };
}

export function loadDocument(): Doc {
  return JSON.parse(readFileSync(docFile, 'utf8')) as Doc;
}

/** Follows `$ref` and merges `allOf`, so callers see plain schemas. */
export function resolver(doc: Doc) {
  const resolve = (s: Schema | undefined, depth = 0): Schema => {
    if (!s || depth > 20) return {};
    if (s.$ref) {
      const name = s.$ref.split('/').pop()!;
      return resolve(doc.components.schemas[name], depth + 1);
    }
    if (s.allOf) {
      const merged: Schema = { ...s, allOf: undefined };
      for (const part of s.allOf.map((p) => resolve(p, depth + 1))) {
        Object.assign(merged, part, {
          properties: { ...merged.properties, ...part.properties },
          required: [...(merged.required ?? []), ...(part.required ?? [])],
        });
      }
      return merged;
    }
    return s;
  };
  return resolve;
}

export function loadOperations(): Operation[] {
  const doc = loadDocument();
  const resolve = resolver(doc);
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase() as Operation['method'];
      const params = ((op.parameters as Param[] | undefined) ?? []).map((p) => ({
        ...p,
        required: Boolean(p.required),
        schema: resolve(p.schema),
      }));
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)
        ?.content;
      const json = content?.['application/json']?.schema;
      ops.push({
        key: `${method} ${path}`,
        method,
        path,
        params,
        ...(json ? { body: resolve(json) } : {}),
        ...(op.summary ? { summary: op.summary as string } : {}),
      });
    }
  }
  return ops;
}

/** Mulberry32: a tiny seeded generator, so every fuzz run can be repeated from its seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    uuid: () =>
      'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => Math.floor(next() * 16).toString(16)),
  };
}
export type Rng = ReturnType<typeof seededRandom>;
