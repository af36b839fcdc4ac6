import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { createCorporationBodySchema } from '@stromwerk/contracts/corporations';
import { NAME_MAX_LENGTH } from '@stromwerk/contracts/limits';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { TextInput } from '../../../components/text-input';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { checkWith } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import { useCreateCorporation } from '../api/create-corporation';

const body = (values: { name: string }) => ({ name: values.name.trim() });
const check = checkWith(createCorporationBodySchema, { body });

/** /add-corporation: the caller becomes its administrator and goes on to its first workspace. */
export function AddCorporationPage() {
  const { t } = useTranslation('tenancy');
  const navigate = useNavigate();
  const create = useCreateCorporation();
  const form = useForm({ initial: { name: '' }, check });
  const markClean = useUnsavedChanges(form.dirty);
  const submit = form.handleSubmit((values) =>
    create.mutate(body(values), {
      onSuccess: (corporation) => {
        markClean();
        navigate(`/add-workspace?corporation=${corporation.id}`);
      },
    }),
  );
  return (
    <Page title={t('addCorporation.title')} subtitle={t('addCorporation.subtitle')} maxWidth={720}>
      <Card>
        <CardContent>
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={3}>
              <ErrorAlert error={create.error} />
              <TextInput
                {...form.field('name')}
                label={t('corporation.name')}
                required
                autoFocus
                maxLength={NAME_MAX_LENGTH}
              />
              <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
                <Button onClick={() => navigate(-1)}>{t('common:actions.cancel')}</Button>
                <Button type="submit" variant="contained" loading={create.isPending}>
                  {t('addCorporation.submit')}
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Page>
  );
}
