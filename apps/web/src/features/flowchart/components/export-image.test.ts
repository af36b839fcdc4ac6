import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-image';

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
