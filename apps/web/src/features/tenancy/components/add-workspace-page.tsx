import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NAME_MAX_LENGTH } from '@stromwerk/contracts/limits';
import { createWorkspaceBodySchema } from '@stromwerk/contracts/workspaces';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { checkWith } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import { useActiveContext } from '../../../lib/use-active-context';
import { useCreateWorkspace } from '../api/create-workspace';

export { AddCorporationPage } from './add-corporation-page';

type Values = { corporationId: string; name: string };
/** What the page sends, as contracts' createWorkspaceBodySchema checks it. */
const body = (values: Values) => ({ corporationId: values.corporationId, name: values.name.trim() });
/** No corporation chosen ('' is no id) reads "Selection required". */
const check = checkWith(createWorkspaceBodySchema, {
  body,
  words: (field: keyof Values, _issue, empty) =>
    field === 'corporationId' && empty ? 'validation.selectionRequired' : undefined,
});

/** /add-workspace?corporation=id: reached from the switcher; lands in the new workspace. */
export function AddWorkspacePage() {
  const { t } = useTranslation('tenancy');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { corporations } = useActiveContext();
  const create = useCreateWorkspace();
  const preselected = corporations.find((c) => c.id === params.get('corporation'))?.id;
  const form = useForm({
    initial: {
      corporationId: preselected ?? (corporations.length === 1 ? corporations[0]!.id : ''),
      name: '',
    },
    check,
  });
  const markClean = useUnsavedChanges(form.dirty);

  const submit = form.handleSubmit((values) =>
    create.mutate(body(values), {
      onSuccess: (workspace) => {
        markClean();
        navigate(`/${workspace.corporationId}/${workspace.id}`);
      },
    }),
  );

  return (
    <Page
      title={t('add.title')}
      subtitle={t('add.subtitle')}
      maxWidth={720}
      actions={<Button href="/add-corporation">{t('add.newCorporation')}</Button>}
    >
      <Card>
        <CardContent>
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={3}>
              <ErrorAlert error={create.error} message={t('add.failed')} />
              {corporations.length === 0 && (
                <Alert severity="info">
                  {t('add.noCorporation')} <Link href="/add-corporation">{t('add.createCorporation')}</Link>
                </Alert>
              )}
              <TextField {...form.field('corporationId')} select label={t('add.corporation')} required>
                {corporations.map((corporation) => (
                  <MenuItem key={corporation.id} value={corporation.id}>
                    {corporation.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                {...form.field('name')}
                label={t('add.name')}
                required
                autoFocus
                slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
              />
              <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
                <Button onClick={() => navigate(-1)}>{t('common:actions.cancel')}</Button>
                <Button type="submit" variant="contained" loading={create.isPending}>
                  {t('add.submit')}
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Page>
  );
}
