import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { updateEmailSchema } from '@stromwerk/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import { TextInput } from '../../../components/text-input';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { checkWith } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import type { UserData } from '../../../lib/types';
import { useCancelEmailChange, usePendingEmail } from '../api/pending-email';
import { useStartEmailVerification } from '../api/start-email-verification';
import { useUpdateEmail } from '../api/update-email';

type Values = { email: string; password: string };
/** What the card sends, as contracts' updateEmailSchema checks it. */
const body = (values: Values) => ({ email: values.email.trim(), password: values.password });
const check = checkWith(updateEmailSchema, { body });

export function EmailCard({ user }: { user: UserData }) {
  const { t } = useTranslation('account');
  const update = useUpdateEmail(user.id);
  const verify = useStartEmailVerification(user.id);
  const form = useForm({
    initial: { email: '', password: '' },
    check,
  });
  useUnsavedChanges(form.dirty);
  // The address changes only once the link mailed to it is opened.
  const [pending, setPending] = useState('');
  const waiting = usePendingEmail(user);
  const cancel = useCancelEmailChange();

  const submit = form.handleSubmit((values) =>
    update.mutate(body(values), {
      onSuccess: () => {
        setPending(values.email.trim().toLowerCase());
        form.reset({ email: '', password: '' });
      },
    }),
  );

  return (
    <SectionCard title={t('email.title')} description={t('email.text')}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2.5 }}>
        <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {user.email}
        </Box>
        <Chip
          size="small"
          color={user.emailVerified ? 'success' : 'warning'}
          variant="outlined"
          label={user.emailVerified ? t('email.verified') : t('email.unverified')}
        />
        {!user.emailVerified && (
          <Button
            size="small"
            onClick={() => verify.mutate()}
            loading={verify.isPending}
            disabled={verify.isSuccess}
          >
            {verify.isSuccess ? t('email.verificationSent') : t('email.sendVerification')}
          </Button>
        )}
      </Box>
      {waiting && !(update.isSuccess && !form.dirty) && (
        <Alert
          severity="info"
          sx={{ mb: 2.5 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => cancel.mutate(waiting.id)}
              loading={cancel.isPending}
            >
              {t('email.cancelChange')}
            </Button>
          }
        >
          {t('email.pending', { email: waiting.email })}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5} sx={{ maxWidth: 480 }}>
          <ErrorAlert error={update.error ?? verify.error ?? cancel.error} />
          {update.isSuccess && !form.dirty && (
            <Alert severity="success" role="status">
              {t('email.saved', { email: pending })}
            </Alert>
          )}
          <TextInput
            {...form.field('email')}
            label={t('email.new')}
            type="email"
            autoComplete="email"
            required
          />
          <TextInput
            {...form.field('password')}
            label={t('email.password')}
            type="password"
            autoComplete="current-password"
            required
          />
          <Box>
            <Button type="submit" variant="contained" loading={update.isPending}>
              {t('email.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
