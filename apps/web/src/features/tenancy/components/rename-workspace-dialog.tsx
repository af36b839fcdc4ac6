import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { NAME_MAX_LENGTH } from '@stromwerk/contracts/limits';
import { updateWorkspaceBodySchema } from '@stromwerk/contracts/workspaces';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { TextInput } from '../../../components/text-input';
import { checkWith } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import type { WorkspaceData } from '../../../lib/types';
import { useRenameWorkspace } from '../api/workspace-admin';

const body = (values: { name: string }) => ({ name: values.name.trim() });
const check = checkWith(updateWorkspaceBodySchema, { body });

export function RenameWorkspaceDialog({
  workspace,
  onClose,
}: {
  workspace: WorkspaceData;
  onClose: () => void;
}) {
  const { t } = useTranslation('tenancy');
  const rename = useRenameWorkspace();
  const form = useForm({ initial: { name: workspace.name }, check });
  const submit = form.handleSubmit((values) =>
    rename.mutate({ id: workspace.id, ...body(values) }, { onSuccess: onClose }),
  );
  return (
    <Dialog open onClose={rename.isPending ? undefined : onClose} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{t('manage.renameTitle', { name: workspace.name })}</DialogTitle>
        <DialogContent>
          <ErrorAlert error={rename.error} />
          <TextInput
            {...form.field('name')}
            label={t('add.name')}
            required
            autoFocus
            maxLength={NAME_MAX_LENGTH}
            sx={{ mt: 1, width: '100%' }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={rename.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!form.dirty} loading={rename.isPending}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
