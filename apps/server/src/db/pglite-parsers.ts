import { type PGlite, types } from '@electric-sql/pglite';

/** Types Drizzle reads as the database's text, whatever the driver would make of them. */
const AS_TEXT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
] as const;
const asText = new Set<string>(AS_TEXT.map(String));
const text = (value: string) => value;

type Query = PGlite['query'];
type Options = Parameters<Query>[2];

/**
 * Drizzle's PGlite driver passes the same parsers with every query (the types above as text); PGlite then
 * merges them into a fresh copy of its whole parser table, hundreds of array types, on every query: about
 * 130 µs of CPU per statement, a third of what a look-up by primary key costs in the database (issue 32,
 * found in a profile of a create). Here the client's own table takes those parsers once, and a query whose
 * parsers are exactly those goes without them: the same rows, without the copy.
 */
export function parseDrizzleTypesOnce(client: PGlite): void {
  for (const type of AS_TEXT) client.parsers[type] = text;
  client.query = withoutDrizzleParsers(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      tx.query = withoutDrizzleParsers(tx.query.bind(tx));
      return callback(tx);
    });
}

function withoutDrizzleParsers(query: Query): Query {
  return ((sql: string, params?: unknown[], options?: Options) =>
    query(
      sql,
      params,
      options?.parsers && onlyAsText(options.parsers) ? { ...options, parsers: undefined } : options,
    )) as Query;
}

/** Drizzle builds its parsers once per prepared statement: each object is checked once. */
const checked = new WeakSet<object>();
const PROBE = '2026-11-30 12:00:00+00';

/** Whether `parsers` only keeps types of AS_TEXT as text (each gives back what it is given). */
function onlyAsText(parsers: Record<number, (value: string) => unknown>): boolean {
  if (checked.has(parsers)) return true;
  for (const type in parsers) if (!asText.has(type) || parsers[Number(type)]?.(PROBE) !== PROBE) return false;
  checked.add(parsers);
  return true;
}
