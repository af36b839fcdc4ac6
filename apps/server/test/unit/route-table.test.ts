import { readFileSync } from 'node:fs';
import { describeRoute } from '@stromwerk/contracts/api/route';
import { tableOperations } from '@stromwerk/contracts/api/tables';
import { describe, expect, it } from 'vitest';

// The route table of packages/contracts is what the server registers: every table operation must be in
// the generated OpenAPI document with its access rule, once.
const doc = JSON.parse(readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { description?: string }>>;
};
const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
);
const ops = tableOperations();

describe('route table', () => {
  it('declares each method and path once', () => {
    const keys = ops.map((op) => op.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
    console.log(`route table: ${keys.length} of ${documented.length} operations`);
  });

  it('holds every operation the server serves: a route registered outside the table fails here', () => {
    expect(documented.filter((key) => !ops.some((op) => op.key === key))).toEqual([]);
    expect(ops.length).toBe(documented.length);
  });

  it.each(ops.map((op) => [op.key, op] as const))(
    '%s is served and documented with its access',
    (key, op) => {
      expect(documented).toContain(key);
      const [method, path] = key.split(' ') as [string, string];
      expect(doc.paths[path]![method.toLowerCase()]!.description).toBe(describeRoute(op.route));
    },
  );
});
