import Autorenew from '@mui/icons-material/Autorenew';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useRotateStreamKey, useStreamKey } from '../api/stream-key';
import { studioPath } from '../studio-path';
import { CopyField } from './copy-field';
import { SourceStateChip } from './source-state-chip';

const MASK = '••••••••••••••••';
/** OBS's two set-up steps per protocol: Custom for RTMP and SRT (OBS 28+), the WHIP service (OBS 30+). */
const OBS_STEPS = {
  rtmp: ['encoder.obsRtmp1', 'encoder.obsRtmp2'],
  srt: ['encoder.obsSrt1', 'encoder.obsSrt2'],
  whip: ['encoder.obsWhip1', 'encoder.obsWhip2'],
} as const;

/**
 * Spec: how to point an encoder (OBS) at an RTMP, SRT or WHIP source; the key is revealed on demand. A
 * WHIP source's key is what OBS calls its bearer token, and such a source can go live from the browser.
 */
export function EncoderSetupDialog({ source, onClose }: { source: SourceItem | null; onClose: () => void }) {
  const fullScreen = useMediaQuery('(max-width:599px)');
  return (
    <Dialog open={Boolean(source)} onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      {source && <EncoderSetup source={source} onClose={onClose} />}
    </Dialog>
  );
}

function EncoderSetup({ source, onClose }: { source: SourceItem; onClose: () => void }) {
  const { t } = useTranslation('sources');
  const { t: tCommon } = useTranslation('common');
  const [revealed, setRevealed] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const key = useStreamKey(source.id, revealed);
  const rotate = useRotateStreamKey();
  const streamKey = revealed ? key.data?.streamKey : undefined;
  const serverUrl = key.data?.ingestUrl ?? source.ingestUrl;
  const isWhip = source.type === 'whip';
  const steps = OBS_STEPS[source.type === 'srt' || source.type === 'whip' ? source.type : 'rtmp'];
  const revealLabel = isWhip
    ? revealed
      ? t('encoder.hideToken')
      : t('encoder.revealToken')
    : revealed
      ? t('encoder.hideKey')
      : t('encoder.revealKey');

  return (
    <>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        {t('encoder.title', { name: source.name })}
        <SourceStateChip state={source.state} />
      </DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          {serverUrl ? (
            <CopyField label={t('encoder.serverUrl')} value={serverUrl} />
          ) : (
            <Alert severity="warning">{t('encoder.noIngest')}</Alert>
          )}
          <CopyField
            label={isWhip ? t('encoder.bearerToken') : t('encoder.streamKey')}
            value={streamKey ?? (revealed && key.isPending ? tCommon('app.loading') : MASK)}
            copyValue={streamKey ?? null}
            helperText={isWhip ? t('encoder.tokenHelp') : t('encoder.keyHelp')}
            extraAction={
              <Tooltip title={revealLabel}>
                <IconButton aria-label={revealLabel} onClick={() => setRevealed((r) => !r)}>
                  {revealed ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </Tooltip>
            }
          />
          {revealed && key.data?.publishUrl && (
            <CopyField label={t('encoder.publishUrl')} value={key.data.publishUrl} />
          )}
          <ErrorAlert error={key.error} />
          <Box component="section" aria-labelledby="obs-steps">
            <Typography id="obs-steps" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {t('encoder.obsTitle')}
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 2.5, color: 'text.secondary', '& li': { mb: 0.5 } }}>
              <li>{t(steps[0])}</li>
              <li>{t(steps[1])}</li>
              <li>{t('encoder.obs3')}</li>
            </Box>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {isWhip ? t('encoder.codecsWhip') : t('encoder.codecs')}
            </Typography>
          </Box>
          {isWhip && (
            <Box>
              <Button
                variant="outlined"
                startIcon={<SensorsOutlined />}
                component={RouterLink}
                to={studioPath(source)}
              >
                {t('encoder.goLive')}
              </Button>
            </Box>
          )}
          {source.streamInfo?.video?.bFrames && <Alert severity="info">{t('encoder.bFrames')}</Alert>}
          {rotate.isSuccess && <Alert severity="success">{t('encoder.rotated')}</Alert>}
        </Box>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, px: 3, py: 2 }}>
        <Button color="warning" startIcon={<Autorenew />} onClick={() => setConfirmRotate(true)}>
          {t('encoder.rotate')}
        </Button>
        <Button onClick={onClose} variant="contained">
          {tCommon('actions.close')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmRotate}
        title={t('encoder.rotateTitle')}
        text={t('encoder.rotateText')}
        confirmLabel={t('encoder.rotateConfirm')}
        pending={rotate.isPending}
        error={rotate.error}
        onClose={() => setConfirmRotate(false)}
        onConfirm={() =>
          rotate.mutate(source.id, {
            onSuccess: () => {
              setConfirmRotate(false);
              setRevealed(true);
            },
          })
        }
      />
    </>
  );
}
