import type { Schema } from './openapi-ops';

/**
 * A plausible valid value for a schema of the OpenAPI document, so a mutated request passes every check but
 * the one under attack and reaches the services and the database. `idFor(field)` names an existing id of
 * the caller's tenant for uuid fields (workspaceId, sourceId, ...).
 */
export type IdFor = (field: string) => string;

const CANDIDATES = [
  'Fuzz',
  'rtmp://example.com/live',
  'srt://example.com:9000',
  'https://example.com/stream',
  'example.com',
  'fuzz@example.test',
  'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH',
  'seg_1.ts',
  'media',
  'a',
];

function stringFor(s: Schema, field: string, idFor: IdFor): string {
  if (s.enum?.length) return String(s.enum[0]);
  if (s.format === 'uuid') return idFor(field);
  if (s.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  if (s.format === 'email') return 'fuzz-target@example.test';
  if (s.format === 'uri') return 'https://example.com/';
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 10_000;
  const fits = (v: string) =>
    v.length >= min && v.length <= max && (!s.pattern || new RegExp(s.pattern, 'u').test(v));
  const found = CANDIDATES.find(fits);
  if (found) return found;
  const padded = 'x'.repeat(Math.max(min, 1)).slice(0, max);
  return padded;
}

function numberFor(s: Schema): number {
  const min = typeof s.minimum === 'number' ? s.minimum : 0;
  const max = typeof s.maximum === 'number' ? s.maximum : 1000;
  const v = Math.min(Math.max(1, min), max);
  return s.type === 'integer' ? Math.ceil(v) : v;
}

export function sample(s: Schema, field: string, idFor: IdFor, depth = 0): unknown {
  if (depth > 8) return null;
  if (s.default !== undefined && s.default !== null && depth > 0) return s.default;
  const options = s.oneOf ?? s.anyOf;
  if (options?.length) {
    const concrete =
      options.find((o) => o.type !== 'null' && !(o.enum && o.enum.length === 0)) ?? options[0]!;
    return sample({ ...concrete }, field, idFor, depth + 1);
  }
  switch (s.type) {
    case 'string':
      return stringFor(s, field, idFor);
    case 'integer':
    case 'number':
      return numberFor(s);
    case 'boolean':
      return true;
    case 'array': {
      const n = s.minItems ?? 0;
      if (n === 0 && !(s.items?.format === 'uuid')) return [];
      return Array.from({ length: Math.max(n, 1) }, () =>
        sample(s.items ?? {}, field.replace(/s$/, ''), idFor, depth + 1),
      );
    }
    case 'object':
    case undefined: {
      if (!s.properties) return s.type === 'object' ? {} : 'x';
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) {
        const prop = s.properties[name];
        if (prop) out[name] = sample(prop, name, idFor, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

/** The text-like leaves of a schema with their dotted path: where NUL bytes and other strings go. */
export function fieldsOf(s: Schema, prefix = '', depth = 0): { path: string[]; schema: Schema }[] {
  if (depth > 4 || !s.properties) return [];
  return Object.entries(s.properties).flatMap(([name, prop]) => {
    const here = { path: [...(prefix ? prefix.split('.') : []), name], schema: prop };
    return [here, ...fieldsOf(prop, here.path.join('.'), depth + 1)];
  });
}

/** A copy of `value` with the property at `path` replaced (objects along the path are created). */
export function setPath(value: unknown, path: string[], replacement: unknown): unknown {
  const root: Record<string, unknown> =
    value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as object) } : {};
  let at = root;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    at[key] = next && typeof next === 'object' && !Array.isArray(next) ? { ...(next as object) } : {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1]!] = replacement;
  return root;
}
