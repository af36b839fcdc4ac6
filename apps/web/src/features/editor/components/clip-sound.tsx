import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { MainClip } from '@stromwerk/contracts/drafts';
import { useTranslation } from 'react-i18next';
import { FadeFields } from './fade-fields';
import { NumberField } from './number-field';

/** A main clip's own sound: volume in percent (0 to 400), mute, and its fade in and out. */
export function ClipSound({
  clip,
  onChange,
}: {
  clip: MainClip;
  onChange: (patch: Partial<MainClip>) => void;
}) {
  const { t } = useTranslation('editor');
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <NumberField
          label={t('sound.volume')}
          value={Math.round(clip.volume * 100)}
          min={0}
          max={400}
          step={10}
          disabled={clip.muted}
          onChange={(percent) => onChange({ volume: percent / 100 })}
        />
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={clip.muted}
              onChange={(e) => onChange({ muted: e.target.checked })}
            />
          }
          label={t('sound.mute')}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <FadeFields fadeInMs={clip.fadeInMs} fadeOutMs={clip.fadeOutMs} onChange={onChange} />
      </Box>
    </>
  );
}
