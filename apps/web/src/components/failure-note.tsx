import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FailureCause } from '@stromwerk/contracts/values';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Why a target or source failed, in the user's language (issue 13.7): the server's cause translated,
 * with the exact reason it reported behind "Details" (ffmpeg speaks English only).
 */
export function FailureNote({
  cause,
  detail,
  label,
}: {
  cause: FailureCause | null;
  detail: string;
  /** The row's own sentence around the cause, e.g. "Last error: {{error}}". */
  label: (error: string) => string;
}) {
  const { t } = useTranslation('failures');
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const text = t(cause ?? 'other');
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
        {label(text)}{' '}
        <Button
          size="small"
          variant="text"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => setOpen(!open)}
          sx={{ minWidth: 0, p: 0, verticalAlign: 'baseline', textTransform: 'none' }}
        >
          {open ? t('hideDetails') : t('details')}
        </Button>
      </Typography>
      {open && (
        <Typography
          id={detailId}
          variant="body2"
          component="pre"
          color="text.secondary"
          sx={{ m: 0, mt: 0.5, fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {detail}
        </Typography>
      )}
    </Box>
  );
}
