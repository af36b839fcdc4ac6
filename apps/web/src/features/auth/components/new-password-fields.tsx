import { PASSWORD_MIN_LENGTH } from '@stromwerk/contracts/limits';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input';
import type { FieldProps } from '../../../lib/forms/use-form';

interface PasswordForm {
  field: (name: 'password' | 'confirm', helperText?: string) => FieldProps;
}

/** New password plus confirmation, shared by reset and sign-up. */
export function NewPasswordFields({ form }: { form: PasswordForm }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextInput
        {...form.field('password', t('fields.passwordHint', { count: PASSWORD_MIN_LENGTH }))}
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <TextInput
        {...form.field('confirm')}
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
