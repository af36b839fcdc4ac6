import { describe, expect, it } from 'vitest';
import { exportFileName, exportFrame } from './export-image';

describe('exportFileName', () => {
  const day = new Date('2026-11-26T10:00:00Z');
  it('names the workspace and the day, with only safe characters', () => {
    expect(exportFileName('Studio Köln / Live', 'png', day)).toBe(
      'flowchart-studio-koln-live-2026-11-26.png',
    );
    expect(exportFileName('../../etc', 'svg', day)).toBe('flowchart-etc-2026-11-26.svg');
  });
  it('falls back to "workspace" for a name without safe characters', () => {
    expect(exportFileName('///', 'png', day)).toBe('flowchart-workspace-2026-11-26.png');
  });
});

describe('exportFrame', () => {
  it('draws the chart at its own size with a margin, wherever it lies', () => {
    expect(exportFrame({ x: -100, y: 50, width: 760, height: 300 })).toEqual({
      width: 840,
      height: 380,
      transform: 'translate(140px, -10px) scale(1)',
    });
  });
  it('scales a chart down only when a side would pass the largest size', () => {
    const frame = exportFrame({ x: 0, y: 0, width: 1920, height: 920 }, 1000);
    expect([frame.width, frame.height]).toEqual([1000, 500]);
    expect(frame.transform).toBe('translate(20px, 20px) scale(0.5)');
  });
});
