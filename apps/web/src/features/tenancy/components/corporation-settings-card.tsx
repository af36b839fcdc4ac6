import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { updateCorporationBodySchema } from '@stromwerk/contracts/corporations';
import { NAME_MAX_LENGTH } from '@stromwerk/contracts/limits';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import { TextInput } from '../../../components/text-input';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { checkWith } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import type { CorporationData } from '../../../lib/types';
import { useUpdateCorporation } from '../api/update-corporation';

/** What the card sends, as contracts' updateCorporationBodySchema checks it. */
const body = (values: { name: string }) => ({ name: values.name.trim() });
const check = checkWith(updateCorporationBodySchema, { body });

export function CorporationSettingsCard({
  corporation,
  canEdit,
}: {
  corporation: CorporationData;
  canEdit: boolean;
}) {
  const { t } = useTranslation('tenancy');
  const update = useUpdateCorporation(corporation.id);
  const form = useForm({
    initial: { name: corporation.name },
    check,
  });
  useUnsavedChanges(form.dirty);

  const submit = form.handleSubmit((values) =>
    update.mutate(body(values), { onSuccess: (saved) => form.reset({ name: saved.name }) }),
  );

  return (
    <SectionCard title={t('corporation.settings')} description={t('corporation.settingsText')}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {!canEdit && <Alert severity="info">{t('corporation.readOnly')}</Alert>}
          <ErrorAlert error={update.error} />
          {update.isSuccess && !form.dirty && (
            <Alert severity="success" role="status">
              {t('corporation.saved')}
            </Alert>
          )}
          <TextInput
            {...form.field('name')}
            label={t('corporation.name')}
            required
            disabled={!canEdit}
            maxLength={NAME_MAX_LENGTH}
            sx={{ maxWidth: 480 }}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={!canEdit || !form.dirty}
              loading={update.isPending}
            >
              {t('common:actions.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
