import type { Feature } from '@stromwerk/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { entryPath, visibleGroups, workspaceNavigation } from './navigation';

describe('navigation entries', () => {
  it('hide entries whose feature is not available and drop empty groups', () => {
    const groups = visibleGroups(workspaceNavigation, new Set<Feature>(['media']));
    expect(groups.map((group) => group.map((entry) => entry.name))).toEqual([['home'], ['media']]);
  });

  it('show every entry when all features are available', () => {
    const all = new Set<Feature>([
      'sources',
      'targets',
      'outputs',
      'flowchart',
      'media',
      'editor',
      'clipping',
      'comments',
    ]);
    expect(visibleGroups(workspaceNavigation, all).flat()).toHaveLength(9);
  });

  it('prefix paths with /{corporation}/{workspace}/ when both parameters exist', () => {
    const sources = workspaceNavigation[1]![0]!;
    expect(entryPath(sources, { corporationId: 'c', workspaceId: 'w' })).toBe('/c/w/sources');
    expect(entryPath(sources, { corporationId: 'c' })).toBe('/sources');
    expect(entryPath(workspaceNavigation[0]![0]!, { corporationId: 'c', workspaceId: 'w' })).toBe('/c/w');
  });
});
