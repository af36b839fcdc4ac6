import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Spec section 8: 'Something went wrong, please reload the app.' */
export function StartupError() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <ErrorOutlined color="error" sx={{ fontSize: 48 }} />
      <Typography variant="h1" role="alert" sx={{ fontSize: '1.4rem' }}>
        {t('app.startupFailed')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </Box>
  );
}
