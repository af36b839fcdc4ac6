export type QueryValue = string | number | boolean | Date | null | undefined;

/** Payload of GET, DELETE and PUT calls, sent as query parameters (spec section 7). */
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

function encodeValue(value: QueryValue): string | undefined {
  // A query string has no form for "absent" or null, so both are left out rather than sent as text.
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** Arrays become repeated keys (`a=1&a=2`), which is what the server's query parser reads as a list. */
export function toQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) {
      const encoded = encodeValue(value);
      if (encoded !== undefined) params.append(key, encoded);
    }
  }
  return params.toString();
}
