import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { TextInput } from '../../../components/text-input';
import { useForm } from '../../../lib/forms/use-form';
import { useStartPasswordReset } from '../api/start-password-reset';
import { resetStartBody } from '../form-bodies';
import { AuthCard } from './auth-card';

/** The contract's check, imported lazily (see checks.ts). */
const resetStartCheck = () => import('../checks').then((m) => m.resetStartCheck);

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const start = useStartPasswordReset();
  const form = useForm({
    initial: { email: '' },
    check: resetStartCheck,
  });

  const submit = form.handleSubmit((values) => start.mutate(resetStartBody(values).email));

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={<Link href="/login">{t('common.backToLogin')}</Link>}
    >
      {start.isSuccess ? (
        <Alert severity="success" role="status">
          {t('forgot.sent', { email: form.values.email.trim() })}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            <ErrorAlert error={start.error} />
            <TextInput
              {...form.field('email')}
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
            />
            <Button type="submit" variant="contained" size="large" loading={start.isPending}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
