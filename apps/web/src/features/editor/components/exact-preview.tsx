import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DraftOutput, Timeline } from '@stromwerk/contracts/drafts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useFormat } from '../../../lib/format';
import { useExactPreview } from '../api/drafts';

/** Mirrors PREVIEW_SPAN_MS of the server's previewWindow: the seconds a preview covers. */
const SPAN_MS = 4000;

/**
 * "Exact preview": what the render will show around the playhead (transitions, titles, images, the
 * mixed sound), rendered small by the server from the editor's current state, played here.
 */
export function ExactPreview({
  draftId,
  timeline,
  output,
  playheadMs,
}: {
  draftId: string;
  timeline: Timeline;
  output: DraftOutput;
  playheadMs: number;
}) {
  const { t } = useTranslation('editor');
  const format = useFormat();
  const preview = useExactPreview(draftId);
  const [shown, setShown] = useState<{ url: string; atMs: number } | null>(null);
  useEffect(() => () => (shown ? URL.revokeObjectURL(shown.url) : undefined), [shown]);

  const make = () =>
    preview.mutate(
      { atMs: Math.round(playheadMs), timeline, output },
      { onSuccess: (blob) => setShown({ url: URL.createObjectURL(blob), atMs: playheadMs }) },
    );
  return (
    <Box sx={{ display: 'grid', gap: 1, mt: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={make}
          loading={preview.isPending}
          disabled={timeline.main.length === 0}
        >
          {t('exact.button')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('exact.help', { seconds: SPAN_MS / 1000 })}
        </Typography>
      </Box>
      <ErrorAlert error={preview.error} />
      {shown && (
        <Box>
          <Typography variant="body2" id="exact-preview-label">
            {t('exact.label', { time: format.clock(shown.atMs) })}
          </Typography>
          {/* biome-ignore lint/a11y/useMediaCaption: a rendered preview of the user's own draft has no captions */}
          <video
            src={shown.url}
            controls
            autoPlay
            aria-labelledby="exact-preview-label"
            data-testid="exact-preview"
            style={{ width: '100%', maxWidth: 480, background: '#000', display: 'block' }}
          />
        </Box>
      )}
    </Box>
  );
}
