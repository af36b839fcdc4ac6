import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ListStat } from '../../../components/list-row';
import { useFormat } from '../../../lib/format';
import { useOutputStatistics } from '../api/output-statistics';
import type { OutputItem } from '../api/types';
import { CopyField } from './copy-field';
import { OutputInputChip } from './output-input-chip';

/** Where viewers watch (address and embed code) and how many do. */
export function OutputShareDialog({ output, onClose }: { output: OutputItem | null; onClose: () => void }) {
  const fullScreen = useMediaQuery('(max-width:599px)');
  return (
    <Dialog
      open={Boolean(output)}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="output-share-title"
    >
      {output && <Share output={output} onClose={onClose} />}
    </Dialog>
  );
}

function Share({ output, onClose }: { output: OutputItem; onClose: () => void }) {
  const { t } = useTranslation('outputs');
  const { t: tCommon } = useTranslation('common');
  const statistics = useOutputStatistics(output.id);
  const format = useFormat();
  const s = statistics.data;
  const dash = '–';
  return (
    <>
      <DialogTitle
        id="output-share-title"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
      >
        {t('share.title', { name: output.name })}
        <OutputInputChip input={output.input} />
      </DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <CopyField label={t('share.playerUrl')} value={output.playerUrl} />
          <CopyField label={t('share.embedCode')} value={output.embedCode} multiline />
          {output.whitelist.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('share.whitelistNote', { domains: format.list(output.whitelist) })}
            </Typography>
          )}
          <Box component="section" aria-labelledby="output-statistics">
            <Typography id="output-statistics" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('share.statistics')}
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
                gap: 2,
                m: 0,
              }}
            >
              <ListStat
                label={t('stats.currentViewers')}
                value={s ? format.number(s.currentViewers) : dash}
              />
              <ListStat label={t('stats.peakViewers')} value={s ? format.number(s.peakViewers) : dash} />
              <ListStat label={t('stats.views')} value={s ? format.number(s.views) : dash} />
              <ListStat label={t('stats.watchTime')} value={s ? format.timeLeft(s.watchSeconds) : dash} />
            </Box>
            <ErrorAlert error={statistics.error} />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, px: 3, py: 2 }}>
        <Button
          component="a"
          href={output.playerUrl}
          target="_blank"
          rel="noopener"
          startIcon={<OpenInNew />}
        >
          {t('share.open')}
        </Button>
        <Button onClick={onClose} variant="contained">
          {tCommon('actions.close')}
        </Button>
      </DialogActions>
    </>
  );
}
