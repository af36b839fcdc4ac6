import type { UsageSeries } from '@stromwerk/contracts/usage';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { UsageRange } from './usage-range';

/** Whose usage: a corporation (its administrators) or one workspace (its readers). */
export type UsageScope = { corporationId: string } | { workspaceId: string };

export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const queryOf = (range: UsageRange) => ({
  from: range.from.toISOString(),
  to: range.to.toISOString(),
  interval: range.interval,
  timeZone: timeZone(),
});

export function fetchSeries(scope: UsageScope, range: UsageRange, signal?: AbortSignal) {
  const query = queryOf(range);
  return (
    'workspaceId' in scope
      ? api.usage.seriesOfWorkspace({ params: { id: scope.workspaceId }, query }, { signal })
      : api.usage.seriesOfCorporation({ params: { id: scope.corporationId }, query }, { signal })
  ) as Promise<UsageSeries>;
}

export function useUsageSeries(scope: UsageScope, range: UsageRange) {
  const id = 'workspaceId' in scope ? scope.workspaceId : scope.corporationId;
  return useQuery({
    queryKey: ['usage', id, range.from.toISOString(), range.to.toISOString(), range.interval],
    queryFn: ({ signal }) => fetchSeries(scope, range, signal),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the range as CSV (the server names the file; we name it the same way). */
export async function downloadCsv(scope: UsageScope, range: UsageRange) {
  const query = queryOf(range);
  const blob =
    'workspaceId' in scope
      ? await api.usage.csvOfWorkspace({ params: { id: scope.workspaceId }, query })
      : await api.usage.csvOfCorporation({ params: { id: scope.corporationId }, query });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `usage-${query.from.slice(0, 10)}-${query.to.slice(0, 10)}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
