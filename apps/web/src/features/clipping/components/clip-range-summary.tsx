import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** In, Out and duration of the range being set (formatted by the caller), and the DVR window below. */
export function ClipRangeSummary({
  inText,
  outText,
  durationText,
  windowText,
}: {
  inText: string;
  outText: string;
  durationText: string;
  /** What the DVR holds now; null for a media. */
  windowText: string | null;
}) {
  const { t } = useTranslation('clipping');
  const row = (label: string, value: string, testId: string) => (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </>
  );
  return (
    <>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {row(t('range.in'), inText, 'clip-in')}
        {row(t('range.out'), outText, 'clip-out')}
        {row(t('range.duration'), durationText, 'clip-duration')}
      </Box>
      {windowText !== null && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {windowText}
        </Typography>
      )}
    </>
  );
}
