import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';

/** Viewers come and go without a live message: the players' numbers are polled (as the players page does). */
const STATISTICS_POLL_MS = 10_000;

/** A player as the studio needs it: which sources feed it. */
interface PlayerInputs {
  id: string;
  name: string;
  mainSourceId: string | null;
  backupSourceId: string | null;
}

const playerInputsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['outputs', 'inputs', workspaceId],
    queryFn: async ({ signal }): Promise<PlayerInputs[]> =>
      (
        await fetchAll((offset, limit) =>
          api.outputs.listInWorkspace({ params: { id: workspaceId }, query: { offset, limit } }, { signal }),
        )
      ).map(({ id, name, mainSourceId, backupSourceId }) => ({ id, name, mainSourceId, backupSourceId })),
  });

/**
 * A source has no viewers of its own: its viewers are those of the players it feeds (as main or backup
 * ingest). `players` are those players; `viewers` the sum of their current viewers, undefined until every
 * number is in. The key ['outputs', …] follows the players' live updates.
 */
export function useSourceViewers(workspaceId: string, sourceId: string) {
  const list = useQuery(playerInputsQueryOptions(workspaceId));
  const players = (list.data ?? []).filter(
    (p) => p.mainSourceId === sourceId || p.backupSourceId === sourceId,
  );
  const statistics = useQueries({
    queries: players.map((player) => ({
      queryKey: ['outputs', player.id, 'statistics'],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.outputs.statistics({ params: { id: player.id } }, { signal }),
      refetchInterval: STATISTICS_POLL_MS,
    })),
  });
  const known = statistics.every((s) => s.data);
  return {
    pending: list.isPending,
    error: list.error ?? statistics.find((s) => s.error)?.error ?? null,
    players,
    viewers: known ? statistics.reduce((sum, s) => sum + (s.data?.currentViewers ?? 0), 0) : undefined,
  };
}
