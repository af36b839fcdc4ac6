import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertClusterConfig, clusterRefusal } from '../../src/modules/live/cluster-mode';
import { browserBrokerPath } from '../../src/modules/notifications/broker.routes';
import { ConfigError, loadConfig, sharedRoot } from '../../src/plugins/config';
import { removePartialFiles } from '../../src/plugins/partial-files';

// Issue 19, faults 6 and 7: what a configuration must have to run as one of several processes.

describe('broker configuration', () => {
  it('refuses a TCP-only MQTT_URL without a browser address, in one line naming the fix', () => {
    const attempt = () => loadConfig({ MQTT_URL: 'mqtt://user:secret@broker.internal:1883' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      "Invalid configuration: MQTT_URL=mqtt://broker.internal:1883 is TCP only and browsers need WebSocket: set MQTT_PUBLIC_URL (ws: or wss:) to the broker's browser address",
    );
  });

  it('tells browsers the public address, a websocket MQTT_URL without credentials, or /mqtt', () => {
    const tcp = loadConfig({ MQTT_URL: 'mqtt://b:1883', MQTT_PUBLIC_URL: 'wss://mqtt.example.test/mqtt' });
    expect(browserBrokerPath(tcp)).toBe('wss://mqtt.example.test/mqtt');
    expect(browserBrokerPath(loadConfig({ MQTT_URL: 'wss://u:p@mqtt.example.test/mqtt' }))).toBe(
      'wss://mqtt.example.test/mqtt',
    );
    expect(browserBrokerPath(loadConfig({}))).toBe('/mqtt');
  });
});

describe('cluster configuration', () => {
  const base = loadConfig({ DATABASE_URL: 'postgres://db/stromwerk', CLUSTER: 'true' });

  it('needs a shared volume and a shared broker', () => {
    expect(base.cluster).toBe(true);
    expect(clusterRefusal(base, 'CLUSTER=true')).toMatch(
      /^Invalid configuration: CLUSTER=true, but SHARED_DIR is not set: players' HLS and local media/,
    );
    const shared = { ...base, sharedDir: '/mnt/shared' };
    expect(clusterRefusal(shared, 'CLUSTER=true')).toMatch(/but MQTT_URL is not set: the embedded broker/);
    expect(clusterRefusal({ ...shared, mqttUrl: 'mqtt://b:1883' }, 'CLUSTER=true')).toBeUndefined();
  });

  it('refuses a cluster configuration before anything opens, in one line', () => {
    expect(() => assertClusterConfig(loadConfig({ CLUSTER: 'true' }))).toThrow(
      new ConfigError('Invalid configuration: CLUSTER=true needs DATABASE_URL (PostgreSQL)'),
    );
    expect(() => assertClusterConfig(base)).toThrow(/^Invalid configuration: CLUSTER=true, but SHARED_DIR/);
    const media = loadConfig({
      DATABASE_URL: 'postgres://db/s',
      ROLE: 'media',
      INGEST_REGION: 'europe',
      SHARED_DIR: '/mnt/s',
    });
    expect(() => assertClusterConfig(media)).toThrow(/^Invalid configuration: ROLE=media, but MQTT_URL/);
    expect(() => assertClusterConfig(loadConfig({}))).not.toThrow();
  });

  it('puts players and local media on SHARED_DIR when set', () => {
    expect(sharedRoot(base)).toBe('./data');
    expect(sharedRoot(loadConfig({ SHARED_DIR: '/mnt/shared' }))).toBe('/mnt/shared');
  });
});

describe('partial files on a shared volume', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-partials-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sweeps only old ones: a young file may be written by another machine', async () => {
    const young = `a.mp4.part-999999-${Date.now()}`;
    const old = `b.mp4.part-999999-${Date.now() - 2 * 86_400_000}`;
    writeFileSync(join(dir, young), 'x');
    writeFileSync(join(dir, old), 'x');
    const removed = await removePartialFiles(dir, { olderThanMs: 86_400_000 });
    expect(removed).toEqual([join(dir, old)]);
    expect(readdirSync(dir)).toEqual([young]);
  });
});
