import { describe, expect, it } from 'vitest';
import { RegionGate } from '../../src/modules/live/region-gate';
import { ConfigError, loadConfig } from '../../src/plugins/config';
import { placementFrom, servedRegions } from '../../src/plugins/placement-config';

// Issue 19, ingest placement: ROLE and INGEST_REGION, checked at start with one line naming the variable.

const db = 'postgres://db/stromwerk';
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('ROLE and INGEST_REGION', () => {
  it('defaults to one process that is every region: local addresses for Europe and Europe (SRT)', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://stream.example.test', RTMP_PORT: '1935' });
    expect(config.placement).toEqual({ role: 'all', regions: undefined });
    expect(config.cluster).toBe(false);
    expect(servedRegions(config.placement!)).toEqual(['europe', 'us-west', 'europe-srt']);
    expect(Object.keys(config.ingestEndpoints)).toEqual(['europe', 'europe-srt']);
  });

  it('refuses a bad role or region in one line naming the variable', () => {
    expect(refusal({ ROLE: 'ingest' })).toBe(
      'Invalid configuration: ROLE="ingest": must be api, media or all',
    );
    expect(refusal({ ROLE: 'media', DATABASE_URL: db, INGEST_REGION: 'europe,asia' })).toBe(
      'Invalid configuration: INGEST_REGION="europe,asia": "asia" is not a region (europe, us-west, europe-srt, or none)',
    );
  });

  it("takes the spec's region names as well as the ids", () => {
    const placement = placementFrom(
      { ROLE: 'media', INGEST_REGION: 'Europe, US-West,Europe (SRT), EUROPE' },
      db,
    );
    expect(placement).toEqual({ role: 'media', regions: ['europe', 'us-west', 'europe-srt'] });
    expect(refusal({ ROLE: 'media', DATABASE_URL: db, INGEST_REGION: 'Asia (SRT)' })).toBe(
      'Invalid configuration: INGEST_REGION="Asia (SRT)": "Asia (SRT)" is not a region (europe, us-west, europe-srt, or none)',
    );
  });

  it('refuses roles that cannot work', () => {
    expect(refusal({ ROLE: 'api' })).toMatch(
      /^Invalid configuration: ROLE=api needs DATABASE_URL: .*nothing would run the live plane\)$/,
    );
    expect(refusal({ ROLE: 'media', INGEST_REGION: 'europe' })).toMatch(
      /^Invalid configuration: ROLE=media needs DATABASE_URL/,
    );
    expect(refusal({ ROLE: 'media', DATABASE_URL: db })).toMatch(
      /^Invalid configuration: ROLE=media needs INGEST_REGION: the regions whose encoders/,
    );
    expect(refusal({ ROLE: 'media', DATABASE_URL: db, INGEST_REGION: 'none' })).toMatch(
      /ROLE=media needs INGEST_REGION/,
    );
    expect(refusal({ ROLE: 'api', DATABASE_URL: db, INGEST_REGION: 'europe' })).toMatch(
      /^Invalid configuration: ROLE=api takes no publishes: INGEST_REGION belongs to the media processes/,
    );
  });

  it('an API process serves no region itself: its addresses are the media processes INGEST_URL_<REGION>', () => {
    const config = loadConfig({
      ROLE: 'api',
      DATABASE_URL: db,
      INGEST_URL_EUROPE: 'rtmp://ingest-eu.example.test/live',
    });
    expect(config.placement).toEqual({ role: 'api', regions: [] });
    expect(config.cluster).toBe(true);
    expect(config.ingestEndpoints).toEqual({
      europe: { protocol: 'rtmp', base: 'rtmp://ingest-eu.example.test/live' },
    });
  });

  it('a media process offers local addresses for its regions only, unless INGEST_URL_<REGION> says otherwise', () => {
    const config = loadConfig({
      ROLE: 'media',
      DATABASE_URL: db,
      INGEST_REGION: ' us-west , europe-srt,us-west',
      PUBLIC_URL: 'http://media-us.example.test',
      RTMP_PORT: '1936',
    });
    expect(config.placement).toEqual({ role: 'media', regions: ['us-west', 'europe-srt'] });
    expect(config.ingestEndpoints).toEqual({
      'us-west': { protocol: 'rtmp', base: 'rtmp://media-us.example.test:1936/live' },
      'europe-srt': { protocol: 'srt', base: 'srt://media-us.example.test' },
    });
  });

  it('reads INGEST_LOCAL_ENDPOINTS as the old name of INGEST_REGION, and refuses both at once', () => {
    expect(placementFrom({ INGEST_LOCAL_ENDPOINTS: 'europe' }, undefined)).toEqual({
      role: 'all',
      regions: ['europe'],
    });
    expect(placementFrom({ INGEST_LOCAL_ENDPOINTS: 'none' }, undefined).regions).toEqual([]);
    expect(refusal({ INGEST_REGION: 'europe', INGEST_LOCAL_ENDPOINTS: 'europe' })).toBe(
      'Invalid configuration: INGEST_LOCAL_ENDPOINTS is the old name of INGEST_REGION: set only INGEST_REGION',
    );
  });
});

describe('the region gate of a media process', () => {
  const warnings: string[] = [];
  const gate = new RegionGate({ role: 'media', regions: ['europe'] }, {
    warn: (_o: object, m: string) => void warnings.push(m),
  } as never);
  const source = (type: string, endpoint: string) => ({ id: `${type}-${endpoint}`, type, endpoint });

  it('takes publishes of its regions, refuses others with a line naming both regions', () => {
    expect(gate.accepts(source('rtmp', 'europe'))).toBe(true);
    expect(gate.accepts(source('rtmp', 'us-west'))).toBe(false);
    expect(warnings).toEqual([
      "publish refused: the source's ingest region is us-west, this process serves europe (INGEST_REGION)",
    ]);
  });

  it('runs demo and re-live sources whatever their region, SRT listeners only for Europe (SRT)', () => {
    expect(gate.runsPublisher(source('demo', 'us-west'))).toBe(true);
    expect(gate.runsPublisher(source('relive', 'europe'))).toBe(true);
    expect(gate.runsPublisher(source('srt', 'europe-srt'))).toBe(false);
    expect(
      new RegionGate({ role: 'all', regions: undefined }, console as never).accepts(
        source('rtmp', 'us-west'),
      ),
    ).toBe(true);
  });
});
