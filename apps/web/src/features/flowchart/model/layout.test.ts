import { describe, expect, it } from 'vitest';
import { layoutGraph, NODE_WIDTH } from './layout';

const n = (id: string, kind: 'source' | 'output' | 'target' | 'media') => ({ id, kind });

describe('layoutGraph', () => {
  const nodes = [
    n('s1', 'source'),
    n('s2', 'source'),
    n('o1', 'output'),
    n('t1', 'target'),
    n('t2', 'target'),
  ];
  const edges = [
    { from: 's1', to: 'o1' },
    { from: 's2', to: 'o1' },
    { from: 'o1', to: 't1' },
  ];

  it('lays sources, players and targets out left to right without overlaps', () => {
    const p = layoutGraph(nodes, edges);
    expect(p.get('s1')!.x).toBeLessThan(p.get('o1')!.x);
    expect(p.get('o1')!.x).toBeLessThan(p.get('t1')!.x);
    expect(p.get('s1')!.x).toBe(p.get('s2')!.x);
    expect(Math.abs(p.get('s1')!.y - p.get('s2')!.y)).toBeGreaterThanOrEqual(88);
    expect(p.get('o1')!.x - p.get('s1')!.x).toBeGreaterThanOrEqual(NODE_WIDTH);
  });

  it('puts an unconnected target in the targets column, below the others', () => {
    const p = layoutGraph(nodes, edges);
    expect(p.get('t2')!.x).toBe(p.get('t1')!.x);
    expect(p.get('t2')!.y).toBeGreaterThan(p.get('s2')!.y);
  });

  it('keeps positions the user dragged or that were on screen, and places only new nodes', () => {
    const keep = new Map([
      ['s1', { x: 900, y: 900 }],
      ['o1', { x: 5, y: 5 }],
    ]);
    const p = layoutGraph(nodes, edges, keep);
    expect(p.get('s1')).toEqual({ x: 900, y: 900 });
    expect(p.get('o1')).toEqual({ x: 5, y: 5 });
    expect(p.get('t1')).toEqual(layoutGraph(nodes, edges).get('t1'));
  });

  it('ignores edges to nodes that are not drawn', () => {
    const p = layoutGraph([n('t1', 'target')], [{ from: 'gone', to: 't1' }]);
    expect(p.get('t1')).toEqual({ x: 16 + 2 * (NODE_WIDTH + 110), y: 16 });
  });
});
