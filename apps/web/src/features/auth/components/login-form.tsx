import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { TextInput } from '../../../components/text-input';
import { useForm } from '../../../lib/forms/use-form';
import { useLogin } from '../api/login';
import { loginBody, loginCheck } from '../form-bodies';
import { AuthCard } from './auth-card';

/**
 * The login form, without the router: the guest login (app/guest-app.tsx) and the app's /login route
 * (login-page.tsx) each say what happens once the session started. `onSubmit` runs as it is sent.
 */
export function LoginForm({ onSignedIn, onSubmit }: { onSignedIn: () => void; onSubmit?: () => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const form = useForm({
    initial: { email: '', password: '' },
    check: loginCheck,
  });

  const submit = form.handleSubmit((values) => {
    onSubmit?.();
    void login.mutate(loginBody(values), { onSuccess: onSignedIn });
  });

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={<Link href="/login/create-account">{t('createAccount.title')}</Link>}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <ErrorAlert error={login.error} />
          <TextInput
            {...form.field('email')}
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
          />
          <TextInput
            {...form.field('password')}
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            required
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
            <Link href="/login/forgot-password" variant="body2">
              {t('login.forgot')}
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
