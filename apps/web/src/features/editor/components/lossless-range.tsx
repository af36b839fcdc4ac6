import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { Timeline } from '@stromwerk/contracts/drafts';
import { type CutRange, losslessCut } from '@stromwerk/contracts/keyframes';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keyframesQueryOptions } from '../api/keyframes';

/** Each main clip as a lossless render cuts it; null while a media's keyframes are still unknown. */
function useLosslessCuts(timeline: Timeline): { cuts: CutRange[] | null; failed: boolean } {
  const ids = [...new Set(timeline.main.map((c) => c.mediaId))];
  const results = useQueries({ queries: ids.map((id) => keyframesQueryOptions(id)) });
  if (results.some((r) => r.isError)) return { cuts: null, failed: true };
  const byMedia = new Map(ids.map((id, i) => [id, results[i]?.data?.keyframesMs]));
  if (ids.some((id) => !byMedia.get(id))) return { cuts: null, failed: false };
  return {
    cuts: timeline.main.map((c) => losslessCut(byMedia.get(c.mediaId)!, c.inMs, c.outMs)),
    failed: false,
  };
}

/**
 * Issue 33 item 10: before a lossless render the editor says what it will really produce. A stream copy
 * starts each clip on the keyframe at or before its In (the render cuts with the same rule and the same
 * keyframes), so a clip may start earlier and the result run longer; the exact cut (re-encode) is one
 * click away. A polite status, not an alert: it follows every edit of the timeline, and the page's alerts
 * (the edit conflict) stay the only ones.
 */
export function LosslessRange({ timeline, onExact }: { timeline: Timeline; onExact: () => void }) {
  const { t, i18n } = useTranslation('editor');
  const { cuts, failed } = useLosslessCuts(timeline);
  const seconds = (ms: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      ms / 1000,
    );
  const exact = (
    <Button size="small" color="inherit" onClick={onExact}>
      {t('lossless.exact')}
    </Button>
  );
  if (failed)
    return (
      <Alert severity="warning" role="status" action={exact}>
        {t('lossless.unknown')}
      </Alert>
    );
  if (!cuts)
    return (
      <Alert severity="info" role="status">
        {t('lossless.finding')}
      </Alert>
    );
  const moved = timeline.main.flatMap((c, i) =>
    cuts[i]!.inMs < c.inMs ? [{ n: i + 1, asked: c.inMs, cut: cuts[i]! }] : [],
  );
  if (moved.length === 0)
    return (
      <Alert severity="success" role="status" data-testid="lossless-range">
        {t('lossless.onKeyframes')}
      </Alert>
    );
  const asked = timeline.main.reduce((sum, c) => sum + c.outMs - c.inMs, 0);
  const rendered = cuts.reduce((sum, c) => sum + c.outMs - c.inMs, 0);
  return (
    <Alert severity="warning" role="status" action={exact} data-testid="lossless-range">
      {t('lossless.snapped', { asked: seconds(asked), rendered: seconds(rendered) })}
      <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
        {moved.map((m) => (
          <li key={m.n}>
            {t('lossless.clip', {
              n: m.n,
              from: seconds(m.cut.inMs),
              to: seconds(m.cut.outMs),
              asked: seconds(m.asked),
            })}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
