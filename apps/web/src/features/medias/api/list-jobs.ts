import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { JobItem } from './types';

export const JOB_PAGE_SIZE = 20;
/** Live updates patch progress in place; polling only covers a lost connection. */
const ACTIVE_POLL_MS = 5000;
const IDLE_POLL_MS = 30_000;

export const isActiveJob = (job: JobItem) => job.state === 'queued' || job.state === 'running';

/** GET /v1/workspaces/{id}/jobs, newest first. */
export const jobsQueryOptions = (workspaceId: string) =>
  infiniteQueryOptions({
    queryKey: ['jobs', 'workspace', workspaceId],
    queryFn: ({ pageParam, signal }) =>
      api.jobs.listInWorkspace(
        { params: { id: workspaceId }, query: { offset: pageParam, limit: JOB_PAGE_SIZE } },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    refetchInterval: (query) => {
      const pages = query.state.data?.pages ?? [];
      return pages.some((page) => page.items.some(isActiveJob)) ? ACTIVE_POLL_MS : IDLE_POLL_MS;
    },
  });

/** The workspace's jobs page by page; key ['jobs', …] is patched by live updates. */
export function useJobs(workspaceId: string | undefined) {
  const query = useInfiniteQuery({ ...jobsQueryOptions(workspaceId ?? ''), enabled: Boolean(workspaceId) });
  const items: JobItem[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { ...query, items, total };
}
