import { describe, expect, it } from 'vitest';
import { hasChoice, levelName, menuValue, NO_QUALITY, qualityLevels } from './quality';

describe('quality menu model', () => {
  it('lists levels highest first with their hls.js index', () => {
    const levels = qualityLevels([
      { height: 240, bitrate: 470_000 },
      { height: 720, bitrate: 3_000_000 },
      { height: 360, bitrate: 800_000 },
    ]);
    expect(levels.map((l) => [l.index, levelName(l)])).toEqual([
      [1, '720p'],
      [2, '360p'],
      [0, '240p'],
    ]);
  });

  it('names a level without a size by its bitrate, and orders it by that', () => {
    const levels = qualityLevels([{ bitrate: 6_000_000 }, { bitrate: 900_000 }]);
    expect(levels.map(levelName)).toEqual(['6000 kbit/s', '900 kbit/s']);
  });

  it('offers a choice only with two levels or more, and marks auto or the chosen one', () => {
    expect(hasChoice(NO_QUALITY)).toBe(false);
    const two = {
      ...NO_QUALITY,
      levels: qualityLevels([
        { height: 720, bitrate: 1 },
        { height: 360, bitrate: 1 },
      ]),
    };
    expect(hasChoice(two)).toBe(true);
    expect(menuValue(two)).toBe('auto');
    expect(menuValue({ ...two, auto: false, chosen: 1 })).toBe('1');
  });
});
