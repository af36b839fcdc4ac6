import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/**
 * A level from 0 to 100 as a labelled bar, for eyes and for assistive technology (role "meter", ARIA
 * 1.2). Green in the usual range, orange near full scale where the sound starts to clip.
 */
export function LevelMeter({ level, label }: { level: number; label: string }) {
  const id = useId();
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography id={id} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box
        role="meter"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        aria-valuetext={`${level} %`}
        sx={{ height: 10, borderRadius: 5, bgcolor: 'action.hover', overflow: 'hidden' }}
      >
        <Box
          sx={{
            height: '100%',
            width: `${level}%`,
            bgcolor: level > 90 ? 'warning.main' : 'success.main',
            transition: 'width 80ms linear',
          }}
        />
      </Box>
    </Box>
  );
}
