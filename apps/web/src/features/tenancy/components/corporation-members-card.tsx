import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockedChip } from '../../../components/blocked-chip';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import type { WorkspaceData } from '../../../lib/types';
import { type MemberRow, useMemberRows, useSetPermissions } from '../api/members-admin';
import { MemberDialog } from './member-dialog';

/**
 * Who belongs to the corporation or one of its workspaces, with which permission. Administrators change a
 * member's permissions and remove members; everyone else reads.
 */
export function CorporationMembersCard({
  corporationId,
  workspaces,
  isAdmin,
}: {
  corporationId: string;
  workspaces: WorkspaceData[];
  isAdmin: boolean;
}) {
  const { t } = useTranslation('tenancy');
  const members = useMemberRows(corporationId, workspaces, isAdmin);
  const remove = useSetPermissions(corporationId);
  const [editing, setEditing] = useState<MemberRow>();
  const [removing, setRemoving] = useState<MemberRow>();
  const nameOf = (id: string) => workspaces.find((w) => w.id === id)?.name ?? id;

  const removeAll = (m: MemberRow) => [
    ...(m.corporation ? [{ userId: m.userId, workspaceId: null, permissions: [] }] : []),
    ...Object.keys(m.workspaces).map((workspaceId) => ({ userId: m.userId, workspaceId, permissions: [] })),
  ];

  return (
    <SectionCard
      title={t('corporation.members')}
      description={isAdmin ? t('members.adminText') : t('corporation.membersText')}
    >
      {members.isPending && (
        <Box sx={{ py: 2 }}>
          <CircularProgress size={24} aria-label={t('common:app.loading')} />
        </Box>
      )}
      <ErrorAlert error={members.error} />
      {!members.isPending && !members.error && members.rows.length === 0 && (
        <Typography color="text.secondary">{t('corporation.noMembers')}</Typography>
      )}
      {members.rows.length > 0 && (
        <List disablePadding aria-label={t('corporation.members')}>
          {members.rows.map((member) => (
            <ListItem key={member.userId} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                primary={
                  <>
                    {member.name}
                    {member.blocked && <BlockedChip />}
                  </>
                }
                secondary={member.email}
                sx={{ minWidth: 200 }}
              />
              <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
                {member.corporation && (
                  <Chip
                    size="small"
                    color={member.corporation === 'admin' ? 'primary' : 'default'}
                    variant={member.corporation === 'admin' ? 'filled' : 'outlined'}
                    label={t('members.corporationChip', { level: t(`permissions.${member.corporation}`) })}
                  />
                )}
                {Object.entries(member.workspaces).map(([id, level]) => (
                  <Chip
                    key={id}
                    size="small"
                    variant="outlined"
                    label={`${nameOf(id)}: ${t(`permissions.${level}`)}`}
                  />
                ))}
              </Box>
              {isAdmin && (
                <Box sx={{ ml: 'auto', display: 'flex' }}>
                  <Tooltip title={t('members.edit')}>
                    <IconButton
                      aria-label={t('members.editLabel', { name: member.name })}
                      onClick={() => setEditing(member)}
                    >
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('members.remove')}>
                    <IconButton
                      aria-label={t('members.removeLabel', { name: member.name })}
                      onClick={() => setRemoving(member)}
                    >
                      <PersonRemoveOutlined />
                    </IconButton>
                  </Tooltip>
                </Box>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {editing && (
        <MemberDialog
          corporationId={corporationId}
          member={editing}
          workspaces={workspaces}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('members.removeTitle', { name: removing?.name })}
        text={t('members.removeText', { name: removing?.name, email: removing?.email })}
        confirmLabel={t('members.remove')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          removing && remove.mutate(removeAll(removing), { onSuccess: () => setRemoving(undefined) })
        }
        onClose={() => {
          setRemoving(undefined);
          remove.reset();
        }}
      />
    </SectionCard>
  );
}
