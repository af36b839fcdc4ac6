import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** "Only problems", "Reset layout" and the blast radius of the selection, announced politely. */
export function FlowchartToolbar({
  onlyProblems,
  onOnlyProblems,
  onResetLayout,
  recordings,
  onRecordings,
  blast,
  noProblems,
}: {
  onlyProblems: boolean;
  onOnlyProblems: (on: boolean) => void;
  onResetLayout?: () => void;
  /** Shown with the switch only when the graph has recordings. */
  recordings?: boolean;
  onRecordings: (on: boolean) => void;
  blast: string | null;
  noProblems: boolean;
}) {
  const { t } = useTranslation('flowchart');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1.5 }}>
      <FormControlLabel
        control={<Switch checked={onlyProblems} onChange={(e) => onOnlyProblems(e.target.checked)} />}
        label={t('onlyProblems')}
      />
      {recordings !== undefined && (
        <FormControlLabel
          control={<Switch checked={recordings} onChange={(e) => onRecordings(e.target.checked)} />}
          label={t('showRecordings')}
        />
      )}
      {onResetLayout && (
        <Button size="small" onClick={onResetLayout}>
          {t('resetLayout')}
        </Button>
      )}
      <Typography role="status" aria-live="polite" variant="body2" sx={{ fontWeight: 600 }}>
        {blast ?? (onlyProblems && noProblems ? t('noProblems') : '')}
      </Typography>
    </Box>
  );
}
