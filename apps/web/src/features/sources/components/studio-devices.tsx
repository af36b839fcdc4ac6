import Mic from '@mui/icons-material/Mic';
import MicOff from '@mui/icons-material/MicOff';
import ScreenShare from '@mui/icons-material/ScreenShare';
import StopScreenShare from '@mui/icons-material/StopScreenShare';
import Videocam from '@mui/icons-material/Videocam';
import VideocamOff from '@mui/icons-material/VideocamOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { StudioMedia } from '../hooks/use-studio-media';

/** A device select: the devices by label (numbered when the browser gives none), or "none" disabled. */
function DeviceSelect({
  label,
  none,
  numbered,
  devices,
  value,
  onChange,
}: {
  label: string;
  none: string;
  numbered: (n: number) => string;
  devices: MediaDeviceInfo[];
  value: string;
  onChange: (deviceId: string) => void;
}) {
  const known = devices.some((d) => d.deviceId === value);
  return (
    <TextField
      select
      label={label}
      value={known ? value : ''}
      disabled={devices.length === 0}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {devices.length === 0 && <MenuItem value="">{none}</MenuItem>}
      {devices.map((device, index) => (
        <MenuItem key={device.deviceId || index} value={device.deviceId}>
          {device.label || numbered(index + 1)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Camera and microphone choice, and the toggles: camera off, mute, share the screen instead. */
export function StudioDevices({ media }: { media: StudioMedia }) {
  const { t } = useTranslation('sources');
  const ready = media.status === 'ready';
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <DeviceSelect
        label={t('studio.camera')}
        none={t('studio.noCamera')}
        numbered={(n) => t('studio.cameraN', { n })}
        devices={media.cameras}
        value={media.cameraId}
        onChange={(id) => void media.chooseCamera(id)}
      />
      <DeviceSelect
        label={t('studio.microphone')}
        none={t('studio.noMicrophone')}
        numbered={(n) => t('studio.microphoneN', { n })}
        devices={media.microphones}
        value={media.microphoneId}
        onChange={(id) => void media.chooseMicrophone(id)}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant={media.cameraOff ? 'contained' : 'outlined'}
          aria-pressed={media.cameraOff}
          disabled={!media.camera}
          startIcon={media.cameraOff ? <VideocamOff /> : <Videocam />}
          onClick={() => media.setCameraOff((off) => !off)}
        >
          {t('studio.cameraOff')}
        </Button>
        <Button
          variant={media.muted ? 'contained' : 'outlined'}
          aria-pressed={media.muted}
          disabled={!media.microphone}
          startIcon={media.muted ? <MicOff /> : <Mic />}
          onClick={() => media.setMuted((muted) => !muted)}
        >
          {t('studio.mute')}
        </Button>
        <Button
          variant={media.screen ? 'contained' : 'outlined'}
          aria-pressed={Boolean(media.screen)}
          disabled={!media.canShare || media.status === 'starting' || media.status === 'unsupported'}
          startIcon={media.screen ? <StopScreenShare /> : <ScreenShare />}
          onClick={() => void media.toggleShare()}
        >
          {t('studio.shareScreen')}
        </Button>
      </Box>
      {!media.canShare && ready && <Alert severity="info">{t('studio.shareUnsupported')}</Alert>}
      {media.screen && <Alert severity="info">{t('studio.sharing')}</Alert>}
      {media.switchError && (
        <Alert severity="error" role="alert">
          {t('studio.deviceFailed', { message: media.switchError })}
        </Alert>
      )}
    </Box>
  );
}
