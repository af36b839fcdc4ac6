import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DRAFT_FPS, DRAFT_SIZES, type DraftOutput, LOUDNESS_TARGETS } from '@stromwerk/contracts/drafts';
import { useTranslation } from 'react-i18next';

const FITS = ['contain', 'cover'] as const;
const MODES = ['auto', 'copy', 'reencode'] as const;

/** What the render makes: size, frame rate, how clips fit the frame, its background, loudness and mode. */
export function OutputPanel({
  output,
  onChange,
}: {
  output: DraftOutput;
  onChange: (patch: Partial<DraftOutput>) => void;
}) {
  const { t } = useTranslation('editor');
  return (
    <Box component="section" aria-labelledby="output-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="output-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('output.label')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('output.size')}
          value={output.size}
          onChange={(e) => onChange({ size: e.target.value as DraftOutput['size'] })}
          sx={{ width: 150 }}
        >
          {DRAFT_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {size.replace('x', ' × ')}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('output.fps')}
          value={output.fps}
          onChange={(e) => onChange({ fps: Number(e.target.value) as DraftOutput['fps'] })}
          sx={{ width: 130 }}
        >
          {DRAFT_FPS.map((fps) => (
            <MenuItem key={fps} value={fps}>
              {t('output.fpsValue', { fps })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('output.fit')}
          value={output.fit}
          onChange={(e) => onChange({ fit: e.target.value as DraftOutput['fit'] })}
          sx={{ width: 200 }}
        >
          {FITS.map((fit) => (
            <MenuItem key={fit} value={fit}>
              {t(`output.fits.${fit}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="color"
          label={t('output.background')}
          value={output.background}
          disabled={output.fit === 'cover'}
          onChange={(e) => onChange({ background: e.target.value })}
          sx={{ width: 130 }}
        />
        <TextField
          select
          size="small"
          label={t('output.loudness')}
          value={output.loudnessLufs == null ? 'off' : String(output.loudnessLufs)}
          onChange={(e) =>
            onChange({
              loudnessLufs:
                e.target.value === 'off' ? null : (Number(e.target.value) as DraftOutput['loudnessLufs']),
            })
          }
          sx={{ width: 200 }}
        >
          <MenuItem value="off">{t('output.loudnessOff')}</MenuItem>
          {LOUDNESS_TARGETS.map((lufs) => (
            <MenuItem key={lufs} value={String(lufs)}>
              {t('output.lufs', { lufs })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('output.mode')}
          value={output.renderMode}
          onChange={(e) => onChange({ renderMode: e.target.value as DraftOutput['renderMode'] })}
          sx={{ width: 300 }}
        >
          {MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {t(`output.modes.${mode}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </Box>
  );
}
