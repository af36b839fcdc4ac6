import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { SecondsField } from './seconds-field';

/** The longest fade in or out the editor offers, in milliseconds. */
const FADE_MAX_MS = 10_000;

/** Fade in and fade out of a clip, a logo or an audio clip, in seconds (at most ten). */
export function FadeFields({
  fadeInMs,
  fadeOutMs,
  onChange,
}: {
  fadeInMs: number;
  fadeOutMs: number;
  onChange: (patch: { fadeInMs?: number; fadeOutMs?: number }) => void;
}) {
  const { t } = useTranslation('editor');
  return (
    <>
      <SecondsField
        label={t('sound.fadeIn')}
        valueMs={fadeInMs}
        max={FADE_MAX_MS / 1000}
        onChangeMs={(ms) => onChange({ fadeInMs: Math.min(FADE_MAX_MS, ms) })}
      />
      <SecondsField
        label={t('sound.fadeOut')}
        valueMs={fadeOutMs}
        max={FADE_MAX_MS / 1000}
        onChangeMs={(ms) => onChange({ fadeOutMs: Math.min(FADE_MAX_MS, ms) })}
      />
    </>
  );
}

/** A row's remove button, its name (label and tooltip) naming what goes. */
export function RemoveButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onRemove}>
        <DeleteOutlined />
      </IconButton>
    </Tooltip>
  );
}
