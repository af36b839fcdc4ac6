import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type CreateInvitationBody, createInvitationBodySchema } from '@stromwerk/contracts/invitations';
import type { Permission } from '@stromwerk/contracts/permissions';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { TextInput } from '../../../components/text-input';
import { checkWith } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import type { WorkspaceData } from '../../../lib/types';
import { useCreateInvitation } from '../api/invitations';
import { PermissionSelect } from './permission-select';

/** `email`, `corporation` (a level or '') and `ws:<workspace id>` (a level or '') per workspace. */
type Values = Record<string, string>;

/**
 * The invitation's grants: a corporation role and/or a level per workspace. Without a corporation role the
 * first workspace grant is the invitation's main one (`workspaceId`), the others go in `workspaces`.
 */
export function invitationBody(corporationId: string, workspaces: WorkspaceData[], v: Values) {
  const grants = workspaces
    .filter((w) => v[`ws:${w.id}`])
    .map((w) => ({ workspaceId: w.id, permission: v[`ws:${w.id}`] as Permission }));
  const email = (v.email ?? '').trim();
  if (v.corporation)
    return { corporationId, email, permissions: [v.corporation as Permission], workspaces: grants };
  const [first, ...rest] = grants;
  return {
    corporationId,
    email,
    ...(first && { workspaceId: first.workspaceId }),
    permissions: first ? [first.permission] : [],
    workspaces: rest,
  } satisfies CreateInvitationBody;
}

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
  const body = (v: Values) => invitationBody(corporationId, workspaces, v);
  const initial: Values = {
    email: '',
    corporation: 'read',
    ...Object.fromEntries(workspaces.map((w) => [`ws:${w.id}`, ''])),
  };
  const form = useForm<Values>({
    initial,
    check: checkWith(createInvitationBodySchema, {
      body,
      // The grants are one form field each; a refused grant list is worded under the corporation's.
      fieldOf: (path: string) => (path.startsWith('permissions') ? 'corporation' : path.split('.')[0]),
    }),
    validate: (v) => ({
      corporation: body(v).permissions.length === 0 ? 'tenancy:invitations.nothingGranted' : null,
    }),
  });
  // Sent: the form starts over (the message names who was invited), so a second click sends nothing
  // twice; while sending, Send is busy and a second submit is ignored.
  const submit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(body(values), { onSuccess: () => form.reset(initial) });
  });
  const nothing = form.field('corporation');

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
            <Typography color="text.secondary">{t('members.editText')}</Typography>
            <PermissionSelect
              id={nothing.id}
              label={t('members.corporationLevel')}
              value={(form.values.corporation || null) as Permission | null}
              onChange={(value) => form.setValue('corporation', value ?? '')}
              noneLabel={t('members.none')}
            />
            {workspaces.map((w) => (
              <PermissionSelect
                key={w.id}
                label={t('members.inWorkspace', { name: w.name })}
                value={(form.values[`ws:${w.id}`] || null) as Permission | null}
                onChange={(value) => form.setValue(`ws:${w.id}`, value ?? '')}
                noneLabel={t('members.none')}
              />
            ))}
            {nothing.error && (
              <Alert severity="error" role="alert">
                {nothing.helperText}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            {create.data ? t('common:actions.close') : t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={create.isPending}
            disabled={create.isPending || (Boolean(create.data) && !form.dirty)}
          >
            {t('invitations.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
