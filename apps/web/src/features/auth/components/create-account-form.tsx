import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { matches } from '../../../lib/forms/messages';
import { useForm } from '../../../lib/forms/use-form';
import type { CreateAccountValues } from '../form-bodies';
import { NewPasswordFields } from './new-password-fields';

/** The contract's check, imported lazily (see checks.ts). */
const registerCheck = () => import('../checks').then((m) => m.registerCheck);

/** Repeating the password is the form's own rule; the rest is the contract's (registerBodySchema). */
const validate = (values: CreateAccountValues) => ({ confirm: matches(values.password)(values.confirm) });

export function CreateAccountForm({
  email: invitedEmail,
  pending,
  onSubmit,
}: {
  email: string;
  pending: boolean;
  onSubmit: (values: CreateAccountValues, markClean: () => void) => void;
}) {
  const { t } = useTranslation('auth');
  const form = useForm<CreateAccountValues>({
    initial: { name: '', email: invitedEmail, password: '', confirm: '' },
    check: registerCheck,
    validate,
  });
  const markClean = useUnsavedChanges(form.dirty);

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => onSubmit(values, markClean))}>
      <Stack spacing={2.5} sx={{ mt: 1 }}>
        <TextInput {...form.field('name')} label={t('fields.name')} autoComplete="name" required />
        <TextInput
          {...form.field('email', t('createAccount.emailHint'))}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          readOnly
        />
        <NewPasswordFields form={form} />
        <Button type="submit" variant="contained" size="large" loading={pending}>
          {t('createAccount.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
