import { describe, expect, it } from 'vitest';
import { gaugesOf, percentOf } from './quota-gauges';

const quota = {
  corporationId: 'c1',
  maxWorkspaces: 10,
  maxUsers: 50,
  maxStorageBytes: 1000,
  maxSources: 4,
  maxTargets: 8,
  maxOutputs: 6,
  maxViewers: 100,
  maxViewerHoursPerMonth: 2,
  maxEgressBytesPerMonth: null,
  maxLiveHoursPerMonth: 10,
  maxRenderMinutesPerMonth: 30,
  maxTranscodeHoursPerMonth: 2,
};
const usage = {
  corporationId: 'c1',
  workspaceId: null,
  workspaces: 3,
  users: 7,
  storageBytes: 900,
  sources: 4,
  targets: 1,
  outputs: 0,
  medias: 12,
};

describe('quota gauges', () => {
  it('sets each count and this month’s flows against its limit, in the metric’s own unit', () => {
    const gauges = gaugesOf(quota, usage, {
      viewer_seconds: 5400,
      egress_bytes: 123,
      render_seconds: 600,
      transcode_seconds: 1800,
    });
    const by = Object.fromEntries(gauges.map((g) => [g.key, g]));
    expect(by.sources).toMatchObject({ used: 4, limit: 4 });
    expect(by.storage).toMatchObject({ used: 900, limit: 1000, metric: 'storage_bytes' });
    // Hours and minutes in the quota, seconds in the meter.
    expect(by.viewerHours).toMatchObject({ used: 5400, limit: 7200 });
    expect(by.renderMinutes).toMatchObject({ used: 600, limit: 1800 });
    expect(by.transcodeHours).toMatchObject({ used: 1800, limit: 7200 });
    expect(by.liveHours).toMatchObject({ used: 0, limit: 36_000 });
    expect(by.egress).toMatchObject({ used: 123, limit: null });
  });

  it('fills to 100 % at the limit and beyond, a zero limit counting as full', () => {
    expect(percentOf(4, 4)).toBe(100);
    expect(percentOf(9, 4)).toBe(100);
    expect(percentOf(5400, 7200)).toBe(75);
    expect(percentOf(0, 0)).toBe(100);
  });
});
