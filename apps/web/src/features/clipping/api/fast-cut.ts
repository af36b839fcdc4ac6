import type { DvrFastCutQuery } from '@stromwerk/contracts/clips';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';
import type { ClipRange } from '../clip-range';

/** In and Out move a frame per key press: the range is asked about once it rests this long. */
const SETTLE_MS = 300;
/** While live, "last N s" moves with the stream and an end still ahead gets written. */
const LIVE_POLL_MS = 5000;

/** The fast-cut question for a range of a player's DVR; null while In or Out is missing. */
export function fastCutQuery(range: ClipRange | null): DvrFastCutQuery | null {
  if (!range) return null;
  if (range.lastSeconds !== null) return { lastSeconds: range.lastSeconds };
  if (range.inAt === null || range.outAt === null || range.outAt <= range.inAt) return null;
  return {
    from: new Date(Math.round(range.inAt)).toISOString(),
    to: new Date(Math.round(range.outAt)).toISOString(),
  };
}

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * GET /v1/outputs/{id}/dvr/fast-cut (issue 33 item 10): the range the fast cut of In..Out really covers,
 * by the rule the clip job cuts with. Answers for the range shown only (never a previous range's); asks
 * nothing for a null range (the exact mode).
 */
export function useFastCut(outputId: string, range: ClipRange | null, live: boolean) {
  const query = useSettled(JSON.stringify(fastCutQuery(range)));
  const current = JSON.stringify(fastCutQuery(range));
  const ask = JSON.parse(query) as DvrFastCutQuery | null;
  const result = useQuery({
    queryKey: ['outputs', outputId, 'dvr', 'fast-cut', query],
    queryFn: ({ signal }) => api.clips.fastCut({ params: { id: outputId }, query: ask! }, { signal }),
    enabled: ask !== null && query === current,
    retry: false,
    refetchInterval: (q) =>
      live && (ask?.lastSeconds !== undefined || q.state.data?.final === false) ? LIVE_POLL_MS : false,
  });
  return query === current && ask !== null ? result.data : undefined;
}
