import { describe, expect, it } from 'vitest';
import { chooseInput } from '../../src/modules/outputs/program-choice';

const facts = (o: Partial<Parameters<typeof chooseInput>[1]> = {}) => ({
  mainLive: false,
  backupLive: false,
  hasFallback: false,
  hasVod: false,
  ...o,
});

describe('behaviour circuit', () => {
  it('media plays only the media, even while live', () => {
    expect(
      chooseInput({ behaviour: 'media', vodAfterStream: true }, facts({ mainLive: true, hasFallback: true })),
    ).toBe('fallback');
    expect(chooseInput({ behaviour: 'media', vodAfterStream: false }, facts({ mainLive: true }))).toBe(
      'offline',
    );
  });

  it('prefers main, fails over to backup, falls back to the media', () => {
    for (const behaviour of ['auto', 'live'] as const) {
      const s = { behaviour, vodAfterStream: false };
      expect(chooseInput(s, facts({ mainLive: true, backupLive: true }))).toBe('main');
      expect(chooseInput(s, facts({ backupLive: true, hasFallback: true }))).toBe('backup');
      expect(chooseInput(s, facts({ hasFallback: true }))).toBe('fallback');
      expect(chooseInput(s, facts())).toBe('offline');
    }
  });

  it('auto shows the recording after the stream when VOD is on; live does not', () => {
    const f = facts({ hasFallback: true, hasVod: true });
    expect(chooseInput({ behaviour: 'auto', vodAfterStream: true }, f)).toBe('vod');
    expect(chooseInput({ behaviour: 'auto', vodAfterStream: false }, f)).toBe('fallback');
    expect(chooseInput({ behaviour: 'live', vodAfterStream: true }, f)).toBe('fallback');
  });
});
