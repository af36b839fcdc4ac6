import { edgeState, isProblem } from '@stromwerk/contracts/graph-state';
import { describe, expect, it } from 'vitest';
import { buildGraph, type GraphInput, type MediaIn } from '../../src/modules/graph/graph-builder';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const now = new Date('2026-11-26T12:00:00Z');

const source = (n: number, o: Partial<GraphInput['sources'][number]> = {}) => ({
  id: id(n),
  name: `Source ${n}`,
  type: 'rtmp' as const,
  state: 'offline' as const,
  streamInfo: null,
  recording: false,
  lastError: null,
  lastErrorCause: null,
  ...o,
});
const output = (n: number, o: Partial<GraphInput['outputs'][number]> = {}) => ({
  id: id(n),
  name: `Player ${n}`,
  input: 'offline' as const,
  mainSourceId: null,
  backupSourceId: null,
  fallbackMediaId: null,
  latency: 'normal' as const,
  behaviour: 'auto' as const,
  recording: false,
  viewerLimitEnabled: false,
  viewerLimit: 100,
  playerUrl: `http://x/player/${id(n)}`,
  viewers: 0,
  ...o,
});
const target = (n: number, o: Partial<GraphInput['targets'][number]> = {}) => ({
  id: id(n),
  name: `Target ${n}`,
  type: 'rtmp' as const,
  enabled: true,
  sourceId: null,
  outputId: null,
  state: 'offline' as const,
  restarts: 0,
  onlineSince: null,
  bitrateKbps: null,
  lastError: null,
  lastErrorCause: null,
  ...o,
});
const media = (n: number, o: Partial<MediaIn> = {}): MediaIn => ({
  id: id(n),
  name: `Media ${n}`,
  status: 'ready',
  durationMs: 1000,
  createdAt: '2026-11-26T11:00:00.000Z',
  origin: 'upload',
  originId: null,
  ...o,
});
const graph = (o: Partial<GraphInput>) =>
  buildGraph({ sources: [], outputs: [], targets: [], medias: [], now, ...o });

describe('graph builder', () => {
  it('wires sources to players (main, backup), fallback media, and feeds to targets', () => {
    const g = graph({
      sources: [source(1, { state: 'live' }), source(2, { state: 'live' })],
      outputs: [
        output(10, {
          input: 'main',
          mainSourceId: id(1),
          backupSourceId: id(2),
          fallbackMediaId: id(30),
          viewers: 4,
          viewerLimitEnabled: true,
          viewerLimit: 50,
        }),
      ],
      targets: [
        target(20, { outputId: id(10), state: 'online' }),
        target(21, { sourceId: id(2), state: 'not-connected', lastError: 'refused' }),
        target(22),
      ],
      medias: [media(30)],
    });
    expect(g.nodes.map((n) => n.id)).toEqual([
      `source:${id(1)}`,
      `source:${id(2)}`,
      `output:${id(10)}`,
      `target:${id(20)}`,
      `target:${id(21)}`,
      `target:${id(22)}`,
      `media:${id(30)}`,
    ]);
    expect(g.nodes.find((n) => n.kind === 'output')).toMatchObject({ viewers: 4, viewerLimit: 50 });
    const edges = Object.fromEntries(g.edges.map((e) => [e.id, e.state]));
    expect(edges).toEqual({
      [`main:source:${id(1)}->output:${id(10)}`]: 'flowing',
      [`backup:source:${id(2)}->output:${id(10)}`]: 'standby',
      [`fallback:media:${id(30)}->output:${id(10)}`]: 'standby',
      [`feed:output:${id(10)}->target:${id(20)}`]: 'flowing',
      [`feed:source:${id(2)}->target:${id(21)}`]: 'failed',
    });
  });

  it('shows the newest recordings of the last 24 h, at most 3 per recorder', () => {
    const rec = (n: number, hoursAgo: number, owner = 1) =>
      media(n, {
        origin: 'recording',
        originId: id(owner),
        createdAt: new Date(now.getTime() - hoursAgo * 3_600_000).toISOString(),
      });
    const g = graph({
      sources: [source(1, { recording: true })],
      medias: [rec(40, 1), rec(41, 2), rec(42, 3), rec(43, 4), rec(44, 30), rec(45, 1, 99)],
    });
    expect(g.edges.map((e) => e.to)).toEqual([`media:${id(40)}`, `media:${id(41)}`, `media:${id(42)}`]);
    expect(g.edges.every((e) => e.role === 'record' && e.state === 'idle')).toBe(true);
  });

  it('leaves out edges to rows that are not in the graph (truncated or another workspace)', () => {
    const g = graph({
      targets: [target(20, { sourceId: id(99) })],
      outputs: [output(10, { mainSourceId: id(98) })],
    });
    expect(g.edges).toEqual([]);
    expect(g.nodes).toHaveLength(2);
  });
});

describe('edge state', () => {
  it('follows the program for source inputs and the target state for feeds', () => {
    expect(edgeState({ role: 'backup', from: 'live', to: 'backup' })).toBe('flowing');
    expect(edgeState({ role: 'main', from: 'offline', to: 'backup' })).toBe('idle');
    expect(edgeState({ role: 'main', from: 'offline', to: 'offline', fromFailed: true })).toBe('failed');
    expect(edgeState({ role: 'fallback', from: 'ready', to: 'fallback' })).toBe('flowing');
    expect(edgeState({ role: 'feed', from: 'main', to: 'almost-online' })).toBe('connecting');
    expect(edgeState({ role: 'feed', from: 'main', to: 'offline' })).toBe('idle');
  });

  it('counts failing targets and failed sources as problems', () => {
    expect(isProblem('target', 'almost-online')).toBe(true);
    expect(isProblem('target', 'online')).toBe(false);
    expect(isProblem('source', 'offline', true)).toBe(true);
    expect(isProblem('source', 'live', true)).toBe(false);
    expect(isProblem('output', 'offline')).toBe(false);
  });
});
