import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, presignGet, sha256Hex, signHeaders, uriEncode } from '../../src/lib/sigv4';

// The worked examples of AWS's "Authenticating Requests (AWS Signature Version 4)" for Amazon S3.
const creds = {
  accessKey: 'AKIAIOSFODNN7EXAMPLE',
  secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const date = new Date('2013-05-24T00:00:00Z');
const host = 'examplebucket.s3.amazonaws.com';
const signatureOf = (authorization: string | undefined) =>
  /Signature=([0-9a-f]{64})$/.exec(authorization ?? '')?.[1];

describe('AWS Signature Version 4', () => {
  it('signs the GET Object example with a Range header', () => {
    const headers = signHeaders(
      {
        method: 'GET',
        path: '/test.txt',
        query: {},
        headers: { host, range: 'bytes=0-9' },
        payloadHash: EMPTY_SHA256,
      },
      creds,
      date,
    );
    expect(headers.authorization).toContain(
      'Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,',
    );
    expect(signatureOf(headers.authorization)).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the PUT Object example with a signed payload and an encoded key', () => {
    const payload = 'Welcome to Amazon S3.';
    expect(sha256Hex(payload)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const headers = signHeaders(
      {
        method: 'PUT',
        path: uriEncode('/test$file.text', true),
        query: {},
        headers: { host, date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash: sha256Hex(payload),
      },
      creds,
      date,
    );
    expect(signatureOf(headers.authorization)).toBe(
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('presigns the GET example URL for a day', () => {
    const url = new URL(presignGet(new URL(`https://${host}/test.txt`), creds, 86400, date));
    expect(url.searchParams.get('X-Amz-Credential')).toBe(
      'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
    );
    expect(url.searchParams.get('X-Amz-Signature')).toBe(
      'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('encodes keys the way S3 expects', () => {
    expect(uriEncode('/media/a b/ü+~.mp4', true)).toBe('/media/a%20b/%C3%BC%2B~.mp4');
    expect(uriEncode('a/b')).toBe('a%2Fb');
  });
});
