import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useLoggedIn } from '../../../lib/session';
import { useEmailVerification } from '../api/complete-email-verification';
import { AuthCard } from './auth-card';

/** Opened from the mailed link /login/verify-email?token=…; verifies on arrival. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verification = useEmailVerification(token);
  const loggedIn = useLoggedIn();
  const next = loggedIn
    ? { href: '/', label: t('verify.continue') }
    : { href: '/login', label: t('reset.toLogin') };

  return (
    <AuthCard title={t('verify.title')}>
      <Stack spacing={2.5}>
        {!token && <Alert severity="error">{t('verify.missingToken')}</Alert>}
        {verification.isPending && token && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
            <CircularProgress size={24} aria-hidden="true" />
            {t('verify.working')}
          </Box>
        )}
        {verification.isSuccess && (
          <Alert severity="success" role="status">
            {t('verify.done')}
          </Alert>
        )}
        <ErrorAlert error={verification.error} overrides={{ LINK_INVALID: 'errors.verifyLinkInvalid' }} />
        {(verification.isSuccess || verification.isError || !token) && (
          <Button variant="contained" size="large" href={next.href}>
            {next.label}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
