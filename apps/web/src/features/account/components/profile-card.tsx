import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Locale } from '@stromwerk/contracts/limits';
import { updateUserBodySchema } from '@stromwerk/contracts/users';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { Flag } from '../../../components/flag';
import { SectionCard } from '../../../components/section-card';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { checkWith } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import { applyLocale, currentLocale } from '../../../lib/i18n';
import { languages } from '../../../lib/languages';
import type { UserData } from '../../../lib/types';
import { useUpdateUser } from '../api/update-user';

type Values = { name: string; language: string };
/** What the card sends, as contracts' updateUserBodySchema checks it. */
const body = (values: Values) => ({ name: values.name.trim(), language: values.language as Locale });
const check = checkWith(updateUserBodySchema, { body });

export function ProfileCard({ user }: { user: UserData }) {
  const { t } = useTranslation('account');
  const update = useUpdateUser(user.id);
  const form = useForm({
    initial: { name: user.name, language: user.language ?? currentLocale() },
    check,
  });
  useUnsavedChanges(form.dirty);

  const submit = form.handleSubmit((values) =>
    update.mutate(body(values), {
      onSuccess: async (saved) => {
        form.reset({ name: saved.name, language: saved.language ?? values.language });
        await applyLocale(values.language as Locale, { persist: true });
      },
    }),
  );

  return (
    <SectionCard title={t('profile.title')} description={t('profile.text')}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5} sx={{ maxWidth: 480 }}>
          <ErrorAlert error={update.error} />
          {update.isSuccess && !form.dirty && (
            <Alert severity="success" role="status">
              {t('profile.saved')}
            </Alert>
          )}
          <TextField {...form.field('name')} label={t('profile.name')} autoComplete="name" required />
          <TextField {...form.field('language')} select label={t('profile.language')}>
            {languages.map((language) => (
              <MenuItem key={language.code} value={language.code} lang={language.code}>
                <Box
                  component="span"
                  sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '1.4375em' }}
                >
                  <Flag flag={language.flagName} width={20} />
                  {t(`common:languages.${language.code}`)}
                </Box>
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button type="submit" variant="contained" disabled={!form.dirty} loading={update.isPending}>
              {t('common:actions.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
