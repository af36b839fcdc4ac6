import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PASSWORD_MIN_LENGTH } from '@stromwerk/contracts/limits';
import { updatePasswordSchema } from '@stromwerk/contracts/users';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import { TextInput } from '../../../components/text-input';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { matches } from '../../../lib/forms/messages';
import { checkWith, newPasswordWords } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import { useUpdatePassword } from '../api/update-password';

type Values = { current: string; password: string; confirm: string };
const empty: Values = { current: '', password: '', confirm: '' };
/** What the card sends, as contracts' updatePasswordSchema checks it. */
const body = (values: Values) => ({ currentPassword: values.current, newPassword: values.password });
const FIELDS: Record<string, keyof Values> = { currentPassword: 'current', newPassword: 'password' };
const check = checkWith(updatePasswordSchema, {
  body,
  fieldOf: (path) => FIELDS[path],
  words: newPasswordWords('password'),
});
/** Repeating the new password is the form's own rule; the rest is the contract's. */
const validate = (values: Values) => ({ confirm: matches(values.password)(values.confirm) });

export function PasswordCard({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const update = useUpdatePassword(userId);
  const form = useForm({
    initial: empty,
    check,
    validate,
  });
  useUnsavedChanges(form.dirty);

  const submit = form.handleSubmit((values) =>
    update.mutate(body(values), { onSuccess: () => form.reset(empty) }),
  );

  return (
    <SectionCard title={t('password.title')} description={t('password.text')}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5} sx={{ maxWidth: 480 }}>
          <ErrorAlert error={update.error} />
          {update.isSuccess && !form.dirty && (
            <Alert severity="success" role="status">
              {t('password.saved')}
            </Alert>
          )}
          <TextInput
            {...form.field('current')}
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            required
          />
          <TextInput
            {...form.field('password', t('password.hint', { count: PASSWORD_MIN_LENGTH }))}
            label={t('password.new')}
            type="password"
            autoComplete="new-password"
            required
          />
          <TextInput
            {...form.field('confirm')}
            label={t('password.confirm')}
            type="password"
            autoComplete="new-password"
            required
          />
          <Box>
            <Button type="submit" variant="contained" loading={update.isPending}>
              {t('password.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
