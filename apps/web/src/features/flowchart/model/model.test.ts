import type { GraphNode } from '@stromwerk/contracts/graph';
import type { TopicMessage } from '@stromwerk/contracts/notifications';
import { describe, expect, it, vi } from 'vitest';
import { blastRadius } from './blast-radius';
import { rewireFor, unbindFor } from './connect';
import { GraphStore } from './graph-store';
import { applyGraphMessage } from './live-patch';

const source = {
  id: 'source:s1',
  refId: 's1',
  kind: 'source',
  label: 'A',
  state: 'offline',
  sourceType: 'rtmp',
  streamInfo: null,
  recording: false,
  lastError: null,
  lastErrorCause: null,
} as GraphNode;
const output = {
  id: 'output:o1',
  refId: 'o1',
  kind: 'output',
  label: 'P',
  state: 'offline',
  viewers: 0,
  viewerLimit: null,
  latency: 'normal',
  behaviour: 'auto',
  recording: false,
  playerUrl: '',
} as GraphNode;
const target = {
  id: 'target:t1',
  refId: 't1',
  kind: 'target',
  label: 'T',
  state: 'offline',
  targetType: 'rtmp',
  enabled: true,
  restarts: 0,
  onlineSince: null,
  bitrateKbps: null,
  lastError: null,
  lastErrorCause: null,
} as GraphNode;
const msg = (m: Partial<TopicMessage>) =>
  ({ type: 'updated', entity: 'source', id: 's1', data: null, ...m }) as TopicMessage;

describe('live patches', () => {
  it('patches a source and tells only its own listeners', () => {
    const store = new GraphStore();
    store.replace({ nodes: [source, target] });
    const own = vi.fn();
    const other = vi.fn();
    store.subscribe('source:s1', own);
    store.subscribe('target:t1', other);
    const info = { formatName: 'flv', video: null, audio: null };
    expect(applyGraphMessage(store, msg({ data: { state: 'live', name: 'A2', streamInfo: info } }))).toBe(
      'patched',
    );
    expect(store.get('source:s1')).toMatchObject({ state: 'live', label: 'A2', streamInfo: info });
    expect(own).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('patches a target status; a target saved from a form, creations and deletions refetch', () => {
    const store = new GraphStore();
    store.replace({ nodes: [target, output] });
    expect(
      applyGraphMessage(
        store,
        msg({ entity: 'target', id: 't1', data: { state: 'almost-online', restarts: 3 } }),
      ),
    ).toBe('patched');
    expect(store.get('target:t1')).toMatchObject({ state: 'almost-online', restarts: 3 });
    expect(applyGraphMessage(store, msg({ entity: 'target', id: 't1' }))).toBe('refetch');
    expect(applyGraphMessage(store, msg({ entity: 'target', id: 'new', type: 'created' }))).toBe('refetch');
    // An output's program is patched at once; its inputs may have changed too, so it also refetches.
    expect(
      applyGraphMessage(store, msg({ entity: 'output', id: 'o1', data: { input: 'main', name: 'P' } })),
    ).toBe('refetch');
    expect(store.get('output:o1')?.state).toBe('main');
    expect(applyGraphMessage(store, msg({ entity: 'comment', id: 'x' }))).toBe('ignored');
  });
});

describe('rewire and blast radius', () => {
  const nodes = new Map([source, output, target].map((n) => [n.id, n]));
  const nodeOf = (id: string) => nodes.get(id);

  it('maps drags to the list screens calls and refuses the rest', () => {
    expect(rewireFor({ source: 'output:o1', target: 'target:t1' }, nodeOf)).toEqual({
      kind: 'feed',
      targetId: 't1',
      from: { outputId: 'o1' },
    });
    expect(rewireFor({ source: 'source:s1', target: 'target:t1' }, nodeOf)).toEqual({
      kind: 'feed',
      targetId: 't1',
      from: { sourceId: 's1' },
    });
    expect(rewireFor({ source: 'source:s1', target: 'output:o1', targetHandle: 'backup' }, nodeOf)).toEqual({
      kind: 'input',
      outputId: 'o1',
      role: 'backup',
      sourceId: 's1',
    });
    expect(
      rewireFor({ source: 'source:s1', target: 'output:o1', targetHandle: 'fallback' }, nodeOf),
    ).toBeNull();
    expect(rewireFor({ source: 'target:t1', target: 'output:o1', targetHandle: 'main' }, nodeOf)).toBeNull();
    expect(unbindFor({ role: 'feed', to: 'target:t1' }, nodeOf)).toEqual({
      kind: 'feed',
      targetId: 't1',
      from: null,
    });
    expect(unbindFor({ role: 'main', to: 'output:o1' }, nodeOf)).toEqual({
      kind: 'input',
      outputId: 'o1',
      role: 'main',
      sourceId: null,
    });
    expect(unbindFor({ role: 'record', to: 'target:t1' }, nodeOf)).toBeNull();
  });

  it('counts players and targets downstream of a source, recordings left out', () => {
    const edges = [
      { from: 'source:s1', to: 'output:o1', role: 'main' as const },
      { from: 'output:o1', to: 'target:t1', role: 'feed' as const },
      { from: 'source:s1', to: 'media:m1', role: 'record' as const },
    ];
    const r = blastRadius('source:s1', edges, (id) => nodeOf(id)?.kind);
    expect([...r.ids]).toEqual(['output:o1', 'target:t1']);
    expect(r).toMatchObject({ outputs: 1, targets: 1 });
  });
});
