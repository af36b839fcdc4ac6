import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import { useFormat } from '../../../lib/format';
import type { WorkspaceData } from '../../../lib/types';
import { usePendingInvitations, useResendInvitation, useRevokeInvitation } from '../api/invitations';
import { topOf } from '../api/members-admin';
import { InviteDialog } from './invite-dialog';

type Pending = {
  id: string;
  email: string;
  workspaceId: string | null;
  permissions: string[];
  workspaces: { workspaceId: string; permission: string }[];
  expiry: Date;
};

/** Administrators invite people and follow their pending invitations: resend (new code) or revoke. */
export function InvitationsCard({
  corporationId,
  workspaces,
}: {
  corporationId: string;
  workspaces: WorkspaceData[];
}) {
  const { t } = useTranslation('tenancy');
  const format = useFormat();
  const pending = usePendingInvitations(corporationId, true);
  const resend = useResendInvitation(corporationId);
  const revoke = useRevokeInvitation(corporationId);
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<Pending>();
  const nameOf = (id: string) => workspaces.find((w) => w.id === id)?.name ?? id;
  const level = (permissions: string[]) => t(`permissions.${topOf(permissions) ?? 'read'}`);
  /** "Whole corporation: Read, Alpha: Write". */
  const grantsOf = (i: Pending) =>
    [
      `${i.workspaceId ? nameOf(i.workspaceId) : t('invitations.wholeCorporation')}: ${level(i.permissions)}`,
      ...i.workspaces.map((g) => `${nameOf(g.workspaceId)}: ${level([g.permission])}`),
    ].join(', ');
  const rows: Pending[] = pending.data ?? [];

  return (
    <SectionCard title={t('invitations.title')} description={t('invitations.text')}>
      <Box sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setInviting(true)}>
          {t('invitations.invite')}
        </Button>
      </Box>
      <ErrorAlert error={pending.error ?? resend.error} />
      {resend.data && (
        <Alert severity="success" role="status" sx={{ mb: 1 }}>
          {t('invitations.resent', { email: resend.data.email })}
        </Alert>
      )}
      {pending.data?.length === 0 && <Typography color="text.secondary">{t('invitations.none')}</Typography>}
      {rows.length > 0 && (
        <List disablePadding aria-label={t('invitations.pending')}>
          {rows.map((i) => (
            <ListItem key={i.id} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                primary={i.email}
                secondary={t('invitations.line', { grants: grantsOf(i), date: format.date(i.expiry) })}
              />
              <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
                <Button
                  size="small"
                  onClick={() => resend.mutate(i.id)}
                  loading={resend.isPending && resend.variables === i.id}
                  aria-label={t('invitations.resendLabel', { email: i.email })}
                >
                  {t('invitations.resend')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setRevoking(i)}
                  aria-label={t('invitations.revokeLabel', { email: i.email })}
                >
                  {t('invitations.revoke')}
                </Button>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {inviting && (
        <InviteDialog
          corporationId={corporationId}
          workspaces={workspaces}
          onClose={() => setInviting(false)}
        />
      )}
      <ConfirmDialog
        open={Boolean(revoking)}
        title={t('invitations.revokeTitle', { email: revoking?.email })}
        text={t('invitations.revokeText')}
        confirmLabel={t('invitations.revoke')}
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(undefined) })}
        onClose={() => {
          setRevoking(undefined);
          revoke.reset();
        }}
      />
    </SectionCard>
  );
}
