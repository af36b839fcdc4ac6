import type { TopicMessage } from '@stromwerk/contracts/notifications';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { brokerUrl } from './broker-url';
import { applyTopicMessage, topicScope } from './live-handlers';
import { liveTopicsFor } from './live-topics';

function cacheWith(...keys: unknown[][]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, { cached: key });
  const invalidated = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? 'removed';
  return { queryClient, invalidated };
}

const msg = (entity: string, id: string, type: TopicMessage['type'] = 'updated'): TopicMessage => ({
  type,
  entity,
  id,
  data: null,
});

describe('topic handlers update the query cache', () => {
  it('reads key/value pairs out of a topic', () => {
    expect(topicScope('corporation/c1/workspace/w1/source/s1')).toEqual({
      corporation: 'c1',
      workspace: 'w1',
      source: 's1',
    });
  });

  it('invalidates the lists and details of the changed entity only', async () => {
    const { queryClient, invalidated } = cacheWith(['workspaces'], ['workspaces', 'w1'], ['corporations']);
    await applyTopicMessage(msg('workspace', 'w1'), 'corporation/c1/workspace/w1', { queryClient });
    expect(invalidated(['workspaces'])).toBe(true);
    expect(invalidated(['workspaces', 'w1'])).toBe(true);
    expect(invalidated(['corporations'])).toBe(false);
  });

  it('drops the detail of a deleted entity and refreshes workspaces when a corporation goes', async () => {
    const { queryClient, invalidated } = cacheWith(['corporations'], ['corporations', 'c1'], ['workspaces']);
    await applyTopicMessage(msg('corporation', 'c1', 'deleted'), 'corporation/c1', { queryClient });
    expect(invalidated(['corporations', 'c1'])).toBe('removed');
    expect(invalidated(['corporations'])).toBe(true);
    expect(invalidated(['workspaces'])).toBe(true);
  });

  it('refreshes member lists, and everything permission-bound when the member is me', async () => {
    const keys = [['corporations', 'c1', 'members'], ['workspaces'], ['me'], ['sources']];
    const other = cacheWith(...keys);
    await applyTopicMessage(msg('member', 'u2'), 'corporation/c1/member/u2', { ...other, userId: 'u1' });
    expect(other.invalidated(['corporations', 'c1', 'members'])).toBe(true);
    expect(other.invalidated(['workspaces'])).toBe(false);

    const me = cacheWith(...keys);
    await applyTopicMessage(msg('member', 'u1'), 'corporation/c1/member/u1', { ...me, userId: 'u1' });
    expect(me.invalidated(['workspaces'])).toBe(true);
    expect(me.invalidated(['me'])).toBe(true);
    expect(me.invalidated(['sources'])).toBe(false);
  });

  it('refreshes notifications, and entities without their own handler by their plural key', async () => {
    const { queryClient, invalidated } = cacheWith(['notifications', 'all'], ['sources'], ['medias', 'm1']);
    await applyTopicMessage(msg('notification', 'n1', 'created'), 'user/u1/notification/n1', { queryClient });
    await applyTopicMessage(msg('media', 'm1', 'deleted'), 'corporation/c/workspace/w/media/m1', {
      queryClient,
    });
    expect(invalidated(['notifications', 'all'])).toBe(true);
    expect(invalidated(['medias', 'm1'])).toBe('removed');
    expect(invalidated(['sources'])).toBe(false);
  });
});

describe('media and job messages', () => {
  const job = (progress: number, state = 'running') => ({
    id: 'j1',
    state,
    progress,
    etaSeconds: 12,
    createdAt: '2026-01-02T03:04:05.000Z',
  });
  const pageOf = (...items: unknown[]) => ({ pages: [{ items, total: items.length }], pageParams: [0] });

  it('refreshes media lists and that media only, and drops a deleted one', async () => {
    const { queryClient, invalidated } = cacheWith(
      ['medias', 'workspace', 'w1', { sort: 'newest' }],
      ['medias', 'm1'],
      ['medias', 'm2'],
      ['jobs', 'workspace', 'w1'],
    );
    await applyTopicMessage(msg('media', 'm1'), 'corporation/c/workspace/w1/media/m1', { queryClient });
    expect(invalidated(['medias', 'workspace', 'w1', { sort: 'newest' }])).toBe(true);
    expect(invalidated(['medias', 'm1'])).toBe(true);
    expect(invalidated(['medias', 'm2'])).toBe(false);
    expect(invalidated(['jobs', 'workspace', 'w1'])).toBe(false);

    await applyTopicMessage(msg('media', 'm2', 'deleted'), 'corporation/c/workspace/w1/media/m2', {
      queryClient,
    });
    expect(invalidated(['medias', 'm2'])).toBe('removed');
  });

  it('patches the progress of a cached job without refetching', async () => {
    const queryClient = new QueryClient();
    const key = ['jobs', 'workspace', 'w1'];
    queryClient.setQueryData(key, pageOf(job(10), { id: 'j2', progress: 0 }));
    await applyTopicMessage({ ...msg('job', 'j1'), data: job(55) }, 'corporation/c/workspace/w1/job/j1', {
      queryClient,
    });
    const data = queryClient.getQueryData<ReturnType<typeof pageOf>>(key);
    const [first, second] = (data?.pages[0]?.items ?? []) as { progress: number; createdAt: unknown }[];
    expect(first?.progress).toBe(55);
    expect(first?.createdAt).toBeInstanceOf(Date);
    expect(second?.progress).toBe(0);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it('refetches job lists for a job they do not hold, and removes a deleted one', async () => {
    const queryClient = new QueryClient();
    const key = ['jobs', 'workspace', 'w1'];
    queryClient.setQueryData(key, pageOf({ id: 'j2', progress: 0 }));
    await applyTopicMessage({ ...msg('job', 'j1'), data: job(5) }, 'corporation/c/workspace/w1/job/j1', {
      queryClient,
    });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);

    queryClient.setQueryData(key, pageOf({ id: 'j2', progress: 0 }));
    await applyTopicMessage(msg('job', 'j2', 'deleted'), 'corporation/c/workspace/w1/job/j2', {
      queryClient,
    });
    expect(queryClient.getQueryData<ReturnType<typeof pageOf>>(key)?.pages[0]?.items).toEqual([]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

describe('output and comment messages', () => {
  it('shows what a player plays at once, then refetches its lists', async () => {
    const queryClient = new QueryClient();
    const key = ['outputs', 'workspace', 'w1'];
    queryClient.setQueryData(key, [
      { id: 'o1', name: 'Stage', input: 'offline', latency: 'low' },
      { id: 'o2', name: 'Other', input: 'offline' },
    ]);
    await applyTopicMessage(
      { ...msg('output', 'o1'), data: { input: 'main', name: 'Stage' } },
      'corporation/c/workspace/w1/output/o1',
      { queryClient },
    );
    const [first, second] = queryClient.getQueryData<{ input: string; latency?: string }[]>(key) ?? [];
    expect(first).toMatchObject({ input: 'main', latency: 'low' });
    expect(second?.input).toBe('offline');
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('drops a deleted player from the lists and refetches the comments it took along', async () => {
    const { queryClient, invalidated } = cacheWith(
      ['outputs', 'o1', 'statistics'],
      ['comments', 'workspace', 'w1', { outputId: '', status: 'all' }],
      ['sources'],
    );
    queryClient.setQueryData(['outputs', 'workspace', 'w1'], [{ id: 'o1' }, { id: 'o2' }]);
    await applyTopicMessage(msg('output', 'o1', 'deleted'), 'corporation/c/workspace/w1/output/o1', {
      queryClient,
    });
    expect(invalidated(['outputs', 'o1', 'statistics'])).toBe('removed');
    expect(queryClient.getQueryData(['outputs', 'workspace', 'w1'])).toEqual([{ id: 'o2' }]);
    expect(invalidated(['comments', 'workspace', 'w1', { outputId: '', status: 'all' }])).toBe(true);
    expect(invalidated(['sources'])).toBe(false);
  });

  it('refetches the Comments Tool for a new or moderated comment', async () => {
    const key = ['comments', 'workspace', 'w1', { outputId: 'o1', status: 'unapproved' }];
    const { queryClient, invalidated } = cacheWith(key, ['outputs', 'workspace', 'w1']);
    await applyTopicMessage(
      { ...msg('comment', 'k1', 'created'), data: { outputId: 'o1', approved: false } },
      'corporation/c/workspace/w1/comment/k1',
      { queryClient },
    );
    expect(invalidated(key)).toBe(true);
    expect(invalidated(['outputs', 'workspace', 'w1'])).toBe(false);
  });
});

describe('draft messages', () => {
  it('refetches draft lists and details, and drops a deleted draft (the default handler)', async () => {
    const { queryClient, invalidated } = cacheWith(
      ['drafts', 'workspace', 'w1'],
      ['drafts', 'd1'],
      ['drafts', 'd2'],
      ['medias', 'workspace', 'w1'],
    );
    await applyTopicMessage(msg('draft', 'd1'), 'corporation/c/workspace/w1/draft/d1', { queryClient });
    expect(invalidated(['drafts', 'workspace', 'w1'])).toBe(true);
    expect(invalidated(['drafts', 'd1'])).toBe(true);
    expect(invalidated(['medias', 'workspace', 'w1'])).toBe(false);
    await applyTopicMessage(msg('draft', 'd2', 'deleted'), 'corporation/c/workspace/w1/draft/d2', {
      queryClient,
    });
    expect(invalidated(['drafts', 'd2'])).toBe('removed');
  });
});

describe('liveTopicsFor', () => {
  it('asks only for what the user may read', () => {
    const list = liveTopicsFor({
      userId: 'u1',
      corporations: [
        { id: 'c1', wide: true },
        { id: 'c2', wide: false },
      ],
      workspace: { id: 'w2', corporationId: 'c2' },
    });
    expect(list).toContain('user/u1/notification/+');
    expect(list).toContain('corporation/c1/workspace/+');
    expect(list).toContain('corporation/c2');
    expect(list).toContain('corporation/c2/workspace/w2');
    expect(list).toContain('corporation/c2/workspace/w2/source/+');
    expect(list).not.toContain('corporation/c2/workspace/+');
    expect(list.every((t) => t.split('/').length % 2 === 0)).toBe(true);
  });
});

describe('brokerUrl', () => {
  it('keeps the broker on the page origin and uses wss on https pages', () => {
    const https = { protocol: 'https:', host: 'app.example.test' };
    const http = { protocol: 'http:', host: 'localhost:8080' };
    expect(brokerUrl('/mqtt', https)).toBe('wss://app.example.test/mqtt');
    expect(brokerUrl('/mqtt', http)).toBe('ws://localhost:8080/mqtt');
    expect(brokerUrl('ws://app.example.test/mqtt', https)).toBe('wss://app.example.test/mqtt');
    expect(brokerUrl('ws://127.0.0.1:9/mqtt', http)).toBe('ws://127.0.0.1:9/mqtt');
    expect(brokerUrl('ws://127.0.0.1:9/mqtt', undefined)).toBe('ws://127.0.0.1:9/mqtt');
  });
});
