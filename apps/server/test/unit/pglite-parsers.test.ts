import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDrizzleTypesOnce } from '../../src/db/pglite-parsers';

// Issue 32: Drizzle's PGlite driver sends the same parsers with every query, and PGlite copied its whole
// parser table for each. parseDrizzleTypesOnce installs them once: the rows must not change.
const text = (v: string) => v;
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: text,
  [types.TIMESTAMPTZ]: text,
  [types.INTERVAL]: text,
  [types.DATE]: text,
  1231: text,
  1115: text,
  1185: text,
  1187: text,
  1182: text,
};
const ROW = `select now()::timestamptz as at, '2026-11-30 10:00'::timestamp as local, '2026-11-30'::date as day,
  '3 hours'::interval as span, array['a', 'b']::text[] as tags, '{"k": [1, 2]}'::jsonb as doc, 42 as n,
  array['2026-11-30 10:00+00'::timestamptz] as ats, null::timestamptz as never`;

let plain: PGlite;
let patched: PGlite;
const seen: (object | undefined)[] = [];
beforeAll(async () => {
  plain = await PGlite.create();
  patched = await PGlite.create();
  const query = patched.query.bind(patched);
  patched.query = ((q: string, p?: unknown[], o?: object) => {
    seen.push(o);
    return query(q, p, o);
  }) as PGlite['query'];
  parseDrizzleTypesOnce(patched);
  for (const db of [plain, patched]) await db.exec(`set timezone = 'UTC'`);
});
afterAll(async () => {
  await plain.close();
  await patched.close();
});

describe('PGlite parsers installed once for Drizzle', () => {
  it('gives the rows Drizzle got with its per-query parsers, without sending them', async () => {
    for (const rowMode of ['array', 'object'] as const) {
      const fixed = (await plain.query(ROW, [], { rowMode, parsers: DRIZZLE_PARSERS })).rows[0] as unknown[];
      seen.length = 0;
      const got = (await patched.query(ROW, [], { rowMode, parsers: DRIZZLE_PARSERS })).rows[0] as unknown[];
      // now() differs between the two databases; everything else must be equal, times as text.
      const strip = (r: unknown) =>
        JSON.stringify(r).replace(/"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+\+00"/, '"now"');
      expect(strip(got)).toBe(strip(fixed));
      expect(seen).toEqual([{ rowMode, parsers: undefined }]);
    }
    const [at] = (
      await patched.query<{ at: unknown }>('select now() as at', [], { parsers: DRIZZLE_PARSERS })
    ).rows;
    expect(typeof at!.at).toBe('string');
  });

  it('leaves other parsers alone, and applies inside transactions through Drizzle', async () => {
    const upper = { [types.TEXT]: (v: string) => v.toUpperCase() };
    expect((await patched.query<{ t: string }>(`select 'x' as t`, [], { parsers: upper })).rows[0]!.t).toBe(
      'X',
    );
    const db = drizzle(patched);
    const inTx = await db.transaction(async (tx) =>
      tx.execute(sql`select '2026-11-30'::date as day, now() as at`),
    );
    expect(inTx.rows[0]).toMatchObject({ day: '2026-11-30' });
    expect(typeof (inTx.rows[0] as { at: unknown }).at).toBe('string');
  });
});
