import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/plugins/config';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/** Ingest regions are configuration (issue 13.3): a region without an address says so instead of pretending. */
let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const create = (c: TestContext, body: object) =>
  op(c.app, 'sources.create', {
    token: c.owner.token,
    body: { workspaceId: c.owner.workspaceId, ...body } as never,
  });

describe('ingest endpoints', () => {
  it('serves Europe and Europe (SRT) itself by default; US-West has no address', async () => {
    ctx = await createTestApp();
    const list = await op(ctx.app, 'sources.endpoints', { token: ctx.owner.token });
    expect(list.status).toBe(200);
    expect(list.body.endpoints).toEqual([
      { id: 'europe', protocol: 'rtmp', configured: true },
      { id: 'us-west', protocol: 'rtmp', configured: false },
      { id: 'europe-srt', protocol: 'srt', configured: true },
    ]);
    const us = await create(ctx, { name: 'US studio', type: 'rtmp', endpoint: 'us-west' });
    expect(us.status).toBe(201);
    expect(us.body.ingestUrl).toBeNull();
    const key = await op(ctx.app, 'sources.streamKey', {
      token: ctx.owner.token,
      params: { id: us.body.id },
    });
    expect(key.body).toMatchObject({ ingestUrl: null, publishUrl: null });
    const eu = await create(ctx, { name: 'EU studio', type: 'rtmp' });
    expect(eu.body.ingestUrl).toBe('rtmp://stromwerk.test:1935/live');
  });

  it('uses the configured public address of each region', async () => {
    ctx = await createTestApp({
      INGEST_URL_US_WEST: 'rtmps://ingest-us.example.com:443/app/',
      INGEST_URL_EUROPE_SRT: 'srt://ingest-eu.example.com',
      INGEST_LOCAL_ENDPOINTS: 'europe',
    });
    const list = await op(ctx.app, 'sources.endpoints', { token: ctx.owner.token });
    expect(list.body.endpoints.every((e) => e.configured)).toBe(true);
    const us = await create(ctx, { name: 'US studio', type: 'rtmp', endpoint: 'us-west' });
    expect(us.body.ingestUrl).toBe('rtmps://ingest-us.example.com:443/app');
    const key = await op(ctx.app, 'sources.streamKey', {
      token: ctx.owner.token,
      params: { id: us.body.id },
    });
    expect(key.body.publishUrl).toBe(`rtmps://ingest-us.example.com:443/app/${key.body.streamKey}`);
    const srt = await create(ctx, { name: 'SRT', type: 'srt' });
    expect(srt.body.endpoint).toBe('europe-srt');
    expect(srt.body.ingestUrl).toMatch(/^srt:\/\/ingest-eu\.example\.com:\d+$/);
  });

  it('leaves SRT without an address when Europe (SRT) is not configured', async () => {
    ctx = await createTestApp({ INGEST_LOCAL_ENDPOINTS: 'europe' });
    const srt = await create(ctx, { name: 'SRT', type: 'srt' });
    expect(srt.status).toBe(201);
    expect(srt.body.ingestUrl).toBeNull();
  });

  it('refuses an SRT source on an RTMP region and an RTMP source on the SRT region, naming the field', async () => {
    ctx = await createTestApp();
    const srt = await create(ctx, { name: 'SRT', type: 'srt', endpoint: 'europe' });
    expect(srt.status).toBe(400);
    expect(srt.body.code).toBe('VALIDATION_FAILED');
    expect(srt.body.details).toEqual([{ field: 'endpoint', message: expect.any(String) }]);
    const rtmp = await create(ctx, { name: 'RTMP', type: 'rtmp', endpoint: 'europe-srt' });
    expect(rtmp.status).toBe(400);
    expect(rtmp.body.details?.[0]?.field).toBe('endpoint');
    const ok = await create(ctx, { name: 'SRT', type: 'srt', endpoint: 'europe-srt' });
    expect(ok.status).toBe(201);
  });
});

describe('ingest configuration', () => {
  const base = { DATA_DIR: '/tmp/x', PUBLIC_URL: 'http://stromwerk.test' };
  it.each([
    [{ INGEST_URL_EUROPE: 'http://ingest.example.com/live' }, /INGEST_URL_EUROPE=.*rtmp:\/\//],
    [{ INGEST_URL_US_WEST: 'rtmp://ingest.example.com' }, /INGEST_URL_US_WEST=.*application path/],
    [{ INGEST_URL_EUROPE_SRT: 'srt://ingest.example.com:9000' }, /INGEST_URL_EUROPE_SRT=.*own port/],
    [{ INGEST_URL_EUROPE_SRT: 'rtmp://ingest.example.com/live' }, /INGEST_URL_EUROPE_SRT=.*srt:\/\//],
    [{ INGEST_LOCAL_ENDPOINTS: 'europe,asia' }, /INGEST_LOCAL_ENDPOINTS=.*"asia" is not a region/],
  ])('refuses %j at start with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('accepts none as the local region list', () => {
    const config = loadConfig({ ...base, INGEST_LOCAL_ENDPOINTS: 'none' });
    expect(config.ingestEndpoints).toEqual({});
  });
});
