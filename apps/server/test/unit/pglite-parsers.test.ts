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

// One database: the rows Drizzle got with its per-query parsers are read before the client is changed.
let db: PGlite;
const before = new Map<string, unknown>();
const seen: (object | undefined)[] = [];
const strip = (r: unknown) => JSON.stringify(r).replace(/"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+\+00"/, '"now"');
// A WebAssembly database start: the API project's hooks have the same budget (a saturated machine took
// over 10 s for two of them).
beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(`set timezone = 'UTC'`);
  for (const rowMode of ['array', 'object'] as const)
    before.set(rowMode, (await db.query(ROW, [], { rowMode, parsers: DRIZZLE_PARSERS })).rows[0]);
  const query = db.query.bind(db);
  db.query = ((q: string, p?: unknown[], o?: object) => {
    seen.push(o);
    return query(q, p, o);
  }) as PGlite['query'];
  parseDrizzleTypesOnce(db);
}, 60_000);
afterAll(() => db.close());

describe('PGlite parsers installed once for Drizzle', () => {
  it('gives the rows Drizzle got with its per-query parsers, without sending them', async () => {
    for (const rowMode of ['array', 'object'] as const) {
      seen.length = 0;
      const got = (await db.query(ROW, [], { rowMode, parsers: DRIZZLE_PARSERS })).rows[0];
      // now() differs between the two reads; everything else must be equal, times as text.
      expect(strip(got)).toBe(strip(before.get(rowMode)));
      expect(seen).toEqual([{ rowMode, parsers: undefined }]);
    }
    const [at] = (await db.query<{ at: unknown }>('select now() as at', [], { parsers: DRIZZLE_PARSERS }))
      .rows;
    expect(typeof at!.at).toBe('string');
  });

  it('leaves other parsers alone, and applies inside transactions through Drizzle', async () => {
    const upper = { [types.TEXT]: (v: string) => v.toUpperCase() };
    expect((await db.query<{ t: string }>(`select 'x' as t`, [], { parsers: upper })).rows[0]!.t).toBe('X');
    const orm = drizzle(db);
    const inTx = await orm.transaction(async (tx) =>
      tx.execute(sql`select '2026-11-30'::date as day, now() as at`),
    );
    expect(inTx.rows[0]).toMatchObject({ day: '2026-11-30' });
    expect(typeof (inTx.rows[0] as { at: unknown }).at).toBe('string');
  });
});
