import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { createInvitationBodySchema } from '@stromwerk/contracts/invitations';
import type { Permission } from '@stromwerk/contracts/permissions';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { TextInput } from '../../../components/text-input';
import { checkWith } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import type { WorkspaceData } from '../../../lib/types';
import { useCreateInvitation } from '../api/invitations';
import { PermissionSelect } from './permission-select';

type Values = { email: string; scope: string; permission: string };
const CORPORATION = 'corporation';

/** An invitation holds one grant: corporation-wide or one workspace, at one level. */
export function InviteDialog({
  corporationId,
  workspaces,
  onClose,
}: {
  corporationId: string;
  workspaces: WorkspaceData[];
  onClose: () => void;
}) {
  const { t } = useTranslation('tenancy');
  const create = useCreateInvitation(corporationId);
  const body = (v: Values) => ({
    corporationId,
    ...(v.scope !== CORPORATION && { workspaceId: v.scope }),
    email: v.email.trim(),
    permissions: [v.permission as Permission],
  });
  const form = useForm<Values>({
    initial: { email: '', scope: CORPORATION, permission: 'read' },
    check: checkWith(createInvitationBodySchema, { body }),
  });
  const submit = form.handleSubmit((values) => create.mutate(body(values)));

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{t('invitations.inviteTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <ErrorAlert error={create.error} />
            {create.data && (
              <Alert severity="success" role="status">
                {t('invitations.sent', { email: create.data.email })}
              </Alert>
            )}
            <TextInput
              {...form.field('email')}
              type="email"
              autoComplete="off"
              autoFocus
              required
              label={t('invitations.email')}
            />
            <TextField {...form.field('scope')} select label={t('invitations.scope')}>
              <MenuItem value={CORPORATION}>{t('invitations.wholeCorporation')}</MenuItem>
              {workspaces.map((w) => (
                <MenuItem key={w.id} value={w.id}>
                  {t('invitations.onlyWorkspace', { name: w.name })}
                </MenuItem>
              ))}
            </TextField>
            <PermissionSelect
              label={t('invitations.permission')}
              value={form.values.permission as Permission}
              onChange={(value) => form.setValue('permission', value ?? 'read')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            {create.data ? t('common:actions.close') : t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('invitations.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
