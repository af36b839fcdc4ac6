import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MediaPicker } from '../../../components/media-picker';
import type { SectionProps, Values } from './output-form-values';

type OverlayField = 'overlayX' | 'overlayY' | 'overlayWidth' | 'overlayHeight';
const overlayFields: OverlayField[] = ['overlayX', 'overlayY', 'overlayWidth', 'overlayHeight'];

/** Custom background and the overlay image, with a sketch of where the overlay sits. */
export function AppearanceSection({ values, set, err, workspaceId }: SectionProps & { workspaceId: string }) {
  const { t } = useTranslation('outputs');
  return (
    <>
      <TextField
        type="color"
        label={t('fields.background')}
        value={values.background}
        onChange={(e) => set('background', e.target.value)}
        error={Boolean(err('background'))}
        helperText={err('background') ?? t('form.backgroundHelp', { colour: values.background })}
        slotProps={{ htmlInput: { style: { height: 28, cursor: 'pointer' } } }}
      />
      <MediaPicker
        workspaceId={workspaceId}
        label={t('fields.overlay')}
        value={values.overlayMediaId}
        onChange={(id) => set('overlayMediaId', id)}
        error={Boolean(err('overlayMediaId'))}
        helperText={err('overlayMediaId') ?? t('form.overlayHelp')}
      />
      {values.overlayMediaId && (
        <Box className="full" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box
            sx={{
              flex: '1 1 280px',
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            }}
          >
            {overlayFields.map((field) => (
              <TextField
                key={field}
                label={t(`fields.${field}`)}
                value={values[field]}
                onChange={(e) => set(field, e.target.value)}
                error={Boolean(err(field))}
                helperText={err(field)}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                }}
              />
            ))}
          </Box>
          <OverlaySketch values={values} />
        </Box>
      )}
    </>
  );
}

/** The player's frame in its direction and background colour, the overlay as a dashed box. */
function OverlaySketch({ values }: { values: Values }) {
  const { t } = useTranslation('outputs');
  const clamp = (value: string) => Math.min(100, Math.max(0, Number(value.replace(',', '.')) || 0));
  const portrait = values.direction === 'portrait';
  return (
    <Box sx={{ flex: '0 0 auto', textAlign: 'center' }}>
      <Box
        role="img"
        aria-label={t('form.overlaySketch')}
        sx={{
          position: 'relative',
          width: portrait ? 90 : 200,
          aspectRatio: portrait ? '9 / 16' : '16 / 9',
          bgcolor: values.background,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
        }}
      >
        <Box
          sx={{
            position: 'absolute',
            left: `${clamp(values.overlayX)}%`,
            top: `${clamp(values.overlayY)}%`,
            width: `${clamp(values.overlayWidth)}%`,
            height: `${clamp(values.overlayHeight)}%`,
            border: '2px dashed',
            borderColor: 'warning.main',
            bgcolor: 'rgba(255, 193, 7, 0.25)',
          }}
        />
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t(`direction.${values.direction}`)}
      </Typography>
    </Box>
  );
}
