import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ClipMode } from '@stromwerk/contracts/clips';
import { useTranslation } from 'react-i18next';
import { useFastCut } from '../api/fast-cut';
import { type ClipRange, durationOf, formatSeconds } from '../clip-range';

/**
 * Issue 33 item 10: before a clip of a player's DVR is made, the range its fast cut will really cover.
 * The fast cut copies whole segments, so it starts at the beginning of the segment that holds In and ends
 * at the end of the one that holds Out; the server answers with the rule the clip job cuts by. In mode
 * "fast" the exact cut (re-encode) is one click away; in "both" the exact cut replaces it anyway. A polite
 * status, not an alert: it follows every move of In and Out.
 */
export function FastCutNotice({
  outputId,
  live,
  range,
  mode,
  format,
  onExact,
}: {
  outputId: string;
  live: boolean;
  range: ClipRange;
  mode: ClipMode;
  /** A time on the DVR's axis (wall-clock ms) as the editor shows it. */
  format: (at: number) => string;
  onExact: () => void;
}) {
  const { t, i18n } = useTranslation('clipping');
  const cut = useFastCut(outputId, mode === 'exact' ? null : range, live);
  const asked = durationOf(range);
  if (mode === 'exact' || !cut || asked === null) return null;
  const from = Date.parse(cut.from);
  const to = Date.parse(cut.to);
  const seconds = (ms: number) => formatSeconds(ms, i18n.language);
  const estimate = cut.final ? '' : ` ${t('fastCut.estimate')}`;
  if (range.lastSeconds === null && from === range.inAt && to === range.outAt && cut.final)
    return (
      <Alert severity="success" role="status" data-testid="fast-cut-range">
        {t('fastCut.exact')}
      </Alert>
    );
  const values = {
    from: format(from),
    to: format(to),
    duration: seconds(cut.durationMs),
    asked: seconds(asked),
  };
  if (mode === 'both')
    return (
      <Alert severity="info" role="status" data-testid="fast-cut-range">
        {t('fastCut.first', values) + estimate}
      </Alert>
    );
  return (
    <Alert
      severity="warning"
      role="status"
      data-testid="fast-cut-range"
      action={
        <Button size="small" color="inherit" onClick={onExact}>
          {t('fastCut.cutExactly')}
        </Button>
      }
    >
      {t('fastCut.snapped', values) + estimate}
    </Alert>
  );
}
