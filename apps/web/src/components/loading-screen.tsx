import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LogoMark } from './logo';

/** Shown until start-up is done (user, lists, locale). */
export function LoadingScreen() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="main"
      aria-busy="true"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
      }}
    >
      <LogoMark size={56} />
      <Spinner />
      <Typography color="text.secondary" role="status">
        {t('app.loading')}
      </Typography>
    </Box>
  );
}

/** Inside the shell while a lazily loaded page arrives. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <Spinner label={t('app.loading')} />
    </Box>
  );
}

/** A CSS ring: CircularProgress would add its code to the first load of every page. */
function Spinner({ label }: { label?: string }) {
  return (
    <Box
      role={label ? 'progressbar' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      sx={{
        width: 32,
        height: 32,
        borderRadius: '50%',
        border: '3px solid',
        borderColor: 'rgba(55, 48, 196, 0.18)',
        borderTopColor: 'primary.main',
        animation: 'stromwerk-spin 0.8s linear infinite',
        '@keyframes stromwerk-spin': { to: { transform: 'rotate(360deg)' } },
        '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
      }}
    />
  );
}
