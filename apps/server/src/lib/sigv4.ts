/**
 * AWS Signature Version 4 for S3-compatible storage (AWS S3, MinIO, Ceph, Garage, ...): the header form
 * for our own requests and the query form (a presigned URL) for ffmpeg, which reads stored media over
 * HTTP. Written to the published algorithm; the unit test checks it against AWS's worked examples.
 */
import { createHash, createHmac } from 'node:crypto';

export interface S3Credentials {
  accessKey: string;
  secretKey: string;
  region: string;
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as S3 wants it: unreserved characters stay, everything else is %XX. */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** 20130524T000000Z */
export const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function canonicalQuery(query: Record<string, string>): string {
  return Object.keys(query)
    .sort()
    .map((k) => `${uriEncode(k)}=${uriEncode(query[k]!)}`)
    .join('&');
}

interface Canonical {
  method: string;
  /** The request path, already encoded (uriEncode(path, true)). */
  path: string;
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  payloadHash: string;
}

function signature(c: Canonical, creds: S3Credentials, date: Date) {
  const names = Object.keys(c.headers).sort();
  const signedHeaders = names.join(';');
  const request = [
    c.method,
    c.path,
    canonicalQuery(c.query),
    ...names.map((n) => `${n}:${c.headers[n]!.trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    c.payloadHash,
  ].join('\n');
  const day = amzDate(date).slice(0, 8);
  const scope = `${day}/${creds.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate(date), scope, sha256Hex(request)].join('\n');
  let key: Buffer = hmac(`AWS4${creds.secretKey}`, day);
  for (const part of [creds.region, 's3', 'aws4_request']) key = hmac(key, part);
  return { signedHeaders, scope, signature: createHmac('sha256', key).update(toSign).digest('hex') };
}

/**
 * The headers to send with a request: the given ones plus x-amz-date, x-amz-content-sha256 and
 * Authorization. `headers` must include host.
 */
export function signHeaders(
  req: Omit<Canonical, 'headers'> & { headers: Record<string, string> },
  creds: S3Credentials,
  date = new Date(),
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = v;
  headers['x-amz-date'] = amzDate(date);
  headers['x-amz-content-sha256'] = req.payloadHash;
  const s = signature({ ...req, headers }, creds, date);
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKey}/${s.scope}, SignedHeaders=${s.signedHeaders}, Signature=${s.signature}`;
  return headers;
}

/** A presigned GET address valid for `expiresSeconds` (S3 allows at most 7 days). */
export function presignGet(
  url: URL,
  creds: S3Credentials,
  expiresSeconds: number,
  date = new Date(),
): string {
  const day = amzDate(date).slice(0, 8);
  const query: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${creds.accessKey}/${day}/${creds.region}/s3/aws4_request`,
    'X-Amz-Date': amzDate(date),
    'X-Amz-Expires': String(expiresSeconds),
    'X-Amz-SignedHeaders': 'host',
  };
  const s = signature(
    {
      method: 'GET',
      path: url.pathname,
      query,
      headers: { host: url.host },
      payloadHash: 'UNSIGNED-PAYLOAD',
    },
    creds,
    date,
  );
  return `${url.origin}${url.pathname}?${canonicalQuery(query)}&X-Amz-Signature=${s.signature}`;
}
