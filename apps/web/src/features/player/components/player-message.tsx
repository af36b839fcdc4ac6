import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A full-page notice on the player's dark surface: full house, not allowed, password, not found. */
export function PlayerMessage({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        bgcolor: '#101418',
        color: 'common.white',
      }}
    >
      <Box sx={{ maxWidth: 440, textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 1.5 }}>
        {icon && <Box sx={{ '& svg': { fontSize: 48, opacity: 0.85 } }}>{icon}</Box>}
        <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, color: 'inherit' }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'rgba(255, 255, 255, 0.8)' }}>{text}</Typography>
        {children && (
          <Box sx={{ mt: 1.5, width: '100%', display: 'grid', justifyItems: 'center' }}>{children}</Box>
        )}
      </Box>
    </Box>
  );
}

export function PlayerLoading() {
  const { t } = useTranslation('player');
  return (
    <Box
      component="main"
      aria-busy="true"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: '#101418' }}
    >
      <CircularProgress aria-label={t('loading')} sx={{ color: 'common.white' }} />
    </Box>
  );
}
