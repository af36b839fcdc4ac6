import { describe, expect, it } from 'vitest';
import { quotaBody } from './quota-dialog';

const values = {
  maxWorkspaces: '10',
  maxUsers: '50',
  maxSources: '4',
  maxTargets: '8',
  maxOutputs: '6',
  maxViewers: '100',
  maxStorageBytes: '1.5',
  maxViewerHoursPerMonth: '',
  maxEgressBytesPerMonth: '2,5',
  maxLiveHoursPerMonth: '40',
  maxRenderMinutesPerMonth: ' ',
  maxTranscodeHoursPerMonth: '12',
};

describe('the limits form', () => {
  it('sends counts as numbers, gigabytes as bytes, and an empty monthly limit as none', () => {
    expect(quotaBody(values)).toEqual({
      maxWorkspaces: 10,
      maxUsers: 50,
      maxSources: 4,
      maxTargets: 8,
      maxOutputs: 6,
      maxViewers: 100,
      maxStorageBytes: 1_500_000_000,
      maxViewerHoursPerMonth: null,
      maxEgressBytesPerMonth: 2_500_000_000,
      maxLiveHoursPerMonth: 40,
      maxRenderMinutesPerMonth: null,
      maxTranscodeHoursPerMonth: 12,
    });
  });

  it('keeps what is no number as NaN, so the contract names the field', () => {
    const body = quotaBody({ ...values, maxSources: 'many', maxWorkspaces: '' });
    expect(body.maxSources).toBeNaN();
    expect(body.maxWorkspaces).toBeNaN();
  });
});
