import type { Rng } from './openapi-ops';

/**
 * The hostile values the corpus puts into each field, query parameter and path id. Labels name the
 * mutation in failure reports; `FUZZ_SEED` reproduces the random parts.
 */
export interface Mutation<T> {
  label: string;
  value: T;
}

/** `{"__proto__": ...}` as an own key: an object literal would set the prototype instead. */
const own = (json: string) => JSON.parse(json) as unknown;

export function deepJson(depth: number, open = '{"a":', leaf = '1', close = '}') {
  return open.repeat(depth) + leaf + close.repeat(depth);
}

/** JSON values for one body field. */
export function valueMutations(rng: Rng): Mutation<unknown>[] {
  const emoji = ['😀', '👩‍👩‍👧‍👦', '🏳️‍🌈', '\u{1F1E9}\u{1F1EA}'];
  return [
    { label: 'NUL byte', value: `a\u0000b` },
    { label: 'only NUL', value: '\u0000' },
    { label: 'control chars', value: `x\u0001\u0007\u001b[31m\u007f` },
    { label: 'overlong string', value: 'x'.repeat(20_000 + rng.int(1000)) },
    { label: 'RTL override', value: '\u202Egnp.exe\u202C' },
    { label: 'emoji', value: rng.pick(emoji).repeat(1 + rng.int(5)) },
    { label: 'lone surrogate', value: `a\ud800b` },
    { label: 'lone low surrogate', value: '\udfff' },
    { label: 'zero width', value: '\u200B\uFEFF' },
    { label: 'huge number', value: 1e308 },
    { label: 'unsafe integer', value: 2 ** 64 + rng.int(1000) },
    { label: 'negative number', value: -1 - rng.int(1000) },
    { label: 'fraction', value: 0.5 },
    { label: 'boolean', value: rng.next() < 0.5 },
    { label: 'null', value: null },
    { label: 'array for value', value: ['x', 1] },
    { label: 'object for value', value: { x: 1 } },
    { label: '__proto__ object', value: own('{"__proto__":{"isAdmin":true,"x":"\\u0000"}}') },
    { label: 'constructor key', value: own('{"constructor":{"prototype":{"isAdmin":true}}}') },
    { label: 'deep array', value: own(deepJson(200, '[', '1', ']')) },
  ];
}

/** Already percent-encoded query or path values (raw bytes the URL carries). */
export function rawMutations(rng: Rng): Mutation<string>[] {
  return [
    { label: 'NUL byte', value: 'a%00b' },
    { label: 'only NUL', value: '%00' },
    { label: 'invalid UTF-8', value: '%FF%FE' },
    { label: 'truncated UTF-8', value: 'a%C3' },
    { label: 'bad continuation', value: '%C3%28' },
    { label: 'overlong slash', value: '%C0%AF' },
    { label: 'lone surrogate (CESU)', value: '%ED%A0%80' },
    { label: 'control chars', value: '%01%1B%7F' },
    { label: 'overlong string', value: 'x'.repeat(3000 + rng.int(500)) },
    { label: 'URL over 16 KB', value: 'y'.repeat(17_000) },
    { label: 'RTL override', value: '%E2%80%AEx' },
    { label: 'emoji', value: '%F0%9F%98%80' },
    { label: 'huge number', value: '1e309' },
    { label: 'unsafe integer', value: '99999999999999999999999' },
    { label: 'negative number', value: `-${1 + rng.int(100)}` },
    { label: 'broken percent', value: '%zz%' },
    { label: 'path traversal', value: '..%2F..%2Fetc%2Fpasswd' },
  ];
}

/** Whole request bodies: raw bytes and content types a JSON route must refuse with a 4xx. */
export function bodyMutations(base: unknown): Mutation<{ body: Buffer | string; type?: string }>[] {
  const json = JSON.stringify(base ?? {});
  const withKey = (k: string, v: string) => `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}"${k}":${v}}`;
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
  const j = 'application/json';
  return [
    { label: 'empty body', value: { body: '', type: j } },
    { label: 'whitespace body', value: { body: '  \n', type: j } },
    {
      label: 'invalid UTF-8 in value',
      value: { body: bytes('{"name":"', [0xff, 0xfe, 0x41], '"}'), type: j },
    },
    { label: 'invalid UTF-8 in key', value: { body: bytes('{"', [0xc3, 0x28], '":1}'), type: j } },
    { label: 'overlong UTF-8', value: { body: bytes('{"name":"', [0xc0, 0xaf], '"}'), type: j } },
    { label: 'CESU surrogate', value: { body: bytes('{"name":"', [0xed, 0xa0, 0x80], '"}'), type: j } },
    { label: 'UTF-16 body', value: { body: Buffer.from(json, 'utf16le'), type: j } },
    { label: 'BOM', value: { body: `\uFEFF${json}`, type: j } },
    { label: 'deep object 20000', value: { body: deepJson(20_000), type: j } },
    { label: 'deep array 20000', value: { body: deepJson(20_000, '[', '1', ']'), type: j } },
    { label: 'deep in field', value: { body: withKey('name', deepJson(20_000)), type: j } },
    { label: 'array for object', value: { body: `[${json}]`, type: j } },
    { label: 'null body', value: { body: 'null', type: j } },
    { label: 'string body', value: { body: '"x"', type: j } },
    { label: 'number body', value: { body: '1e999', type: j } },
    { label: 'truncated JSON', value: { body: json.slice(0, Math.max(1, json.length - 2)), type: j } },
    { label: '__proto__ key', value: { body: withKey('__proto__', '{"isAdmin":true}'), type: j } },
    { label: 'constructor key', value: { body: withKey('constructor', '{"prototype":{"x":1}}'), type: j } },
    { label: 'duplicate keys', value: { body: withKey('name', '"\\u0000"'), type: j } },
    { label: 'NUL escape in key', value: { body: withKey('a\\u0000b', '1'), type: j } },
    { label: 'text/plain', value: { body: json, type: 'text/plain' } },
    { label: 'xml', value: { body: '<a>1</a>', type: 'application/xml' } },
    { label: 'form', value: { body: 'name=%00', type: 'application/x-www-form-urlencoded' } },
    { label: 'multipart without boundary', value: { body: json, type: 'multipart/form-data' } },
    { label: 'json latin1', value: { body: bytes('{"name":"', [0xe9], '"}'), type: `${j}; charset=latin1` } },
    { label: 'no content type', value: { body: json } },
  ];
}

/** Multipart bodies for the upload operations: hostile file names, broken framing, wrong parts. */
export function multipartMutations(): Mutation<{ body: Buffer | string; type?: string }>[] {
  const b = 'fuzzboundary';
  const type = `multipart/form-data; boundary=${b}`;
  const part = (disposition: Buffer | string, data: Buffer | string = 'GIF89a') =>
    Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: `),
      Buffer.from(disposition),
      Buffer.from('\r\nContent-Type: application/octet-stream\r\n\r\n'),
      Buffer.from(data),
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
  const file = (name: Buffer | string) =>
    Buffer.concat([Buffer.from('form-data; name="file"; filename="'), Buffer.from(name), Buffer.from('"')]);
  return [
    { label: 'multipart NUL file name', value: { body: part(file('a\u0000b.mp4')), type } },
    {
      label: 'multipart invalid UTF-8 file name',
      value: { body: part(file(Buffer.from([0xff, 0xfe, 0x2e, 0x6d]))), type },
    },
    { label: 'multipart RTL file name', value: { body: part(file('\u202Egnp.mp4')), type } },
    { label: 'multipart traversal file name', value: { body: part(file('../../etc/passwd')), type } },
    { label: 'multipart overlong file name', value: { body: part(file(`${'x'.repeat(5000)}.mp4`)), type } },
    { label: 'multipart NUL field', value: { body: part('form-data; name="workspaceId"', '\u0000'), type } },
    { label: 'multipart no file part', value: { body: part('form-data; name="other"'), type } },
    {
      label: 'multipart truncated',
      value: { body: `--${b}\r\nContent-Disposition: form-data; name="file"`, type },
    },
    {
      label: 'multipart wrong boundary',
      value: { body: part(file('a.mp4')), type: 'multipart/form-data; boundary=other' },
    },
    { label: 'multipart empty', value: { body: '', type } },
  ];
}
