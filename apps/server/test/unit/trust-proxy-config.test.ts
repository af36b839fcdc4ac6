import { describe, expect, it } from 'vitest';
import { deviceLabel } from '../../src/modules/sessions/device-label';
import { ConfigError, loadConfig } from '../../src/plugins/config';

const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it('is off by default and when false or blank', () => {
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
  });

  it('takes true, a hop count, or a list of addresses, CIDRs and named ranges', () => {
    expect(trust('true')).toBe(true);
    const hops = trust('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trust('127.0.0.1, 10.0.0.0/8,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example.com', '::1/129', '1.2.3.4/8/1']) {
      expect(() => trust(bad), bad).toThrow(ConfigError);
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('session device labels', () => {
  it('names browser and system, and copes with none', () => {
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceLabel('curl/8.5.0')).toBe('curl');
    expect(deviceLabel(undefined)).toBe('Unknown device');
  });
});
