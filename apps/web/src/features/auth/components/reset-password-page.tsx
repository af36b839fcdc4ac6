import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { matches } from '../../../lib/forms/messages';
import { useForm } from '../../../lib/forms/use-form';
import { useCompletePasswordReset } from '../api/complete-password-reset';
import { AuthCard } from './auth-card';
import { NewPasswordFields } from './new-password-fields';

/** The contract's check, imported lazily (see checks.ts). */
const resetCompleteCheck = () => import('../checks').then((m) => m.resetCompleteCheck);

type Values = { password: string; confirm: string };
/** The contract (resetPasswordCompleteSchema) checks the password; repeating it is the form's own rule. */
const validate = (values: Values) => ({ confirm: matches(values.password)(values.confirm) });

/** Opened from the mailed link /login/reset-password?token=… */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const complete = useCompletePasswordReset();
  const form = useForm<Values>({
    initial: { password: '', confirm: '' },
    check: resetCompleteCheck,
    validate,
  });
  const markClean = useUnsavedChanges(form.dirty && !complete.isSuccess);

  const submit = form.handleSubmit((values) =>
    complete.mutate({ token, password: values.password }, { onSuccess: markClean }),
  );

  if (!token) {
    return (
      <AuthCard
        title={t('reset.title')}
        footer={<Link href="/login/forgot-password">{t('reset.again')}</Link>}
      >
        <Alert severity="error">{t('reset.missingToken')}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={complete.isSuccess ? undefined : t('reset.subtitle')}
      footer={<Link href="/login">{t('common.backToLogin')}</Link>}
    >
      {complete.isSuccess ? (
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            {t('reset.done')}
          </Alert>
          <Button variant="contained" size="large" href="/login">
            {t('reset.toLogin')}
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            <ErrorAlert error={complete.error} overrides={{ LINK_INVALID: 'errors.resetLinkInvalid' }} />
            <NewPasswordFields form={form} />
            <Button type="submit" variant="contained" size="large" loading={complete.isPending}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
