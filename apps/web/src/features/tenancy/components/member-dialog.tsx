import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Permission } from '@stromwerk/contracts/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import type { WorkspaceData } from '../../../lib/types';
import {
  type MemberRow,
  type PermissionChange,
  permissionsFor,
  useSetPermissions,
} from '../api/members-admin';
import { PermissionSelect } from './permission-select';

/** An administrator changes what one member may do: at corporation level and in each workspace. */
export function MemberDialog({
  corporationId,
  member,
  workspaces,
  onClose,
}: {
  corporationId: string;
  member: MemberRow;
  workspaces: WorkspaceData[];
  onClose: () => void;
}) {
  const { t } = useTranslation('tenancy');
  const save = useSetPermissions(corporationId);
  const [corporation, setCorporation] = useState(member.corporation);
  const [perWorkspace, setPerWorkspace] = useState<Record<string, Permission | null>>(member.workspaces);

  const changes: PermissionChange[] = [];
  if (corporation !== member.corporation)
    changes.push({ userId: member.userId, workspaceId: null, permissions: permissionsFor(corporation) });
  for (const w of workspaces) {
    const next = perWorkspace[w.id] ?? null;
    if (next !== (member.workspaces[w.id] ?? null))
      changes.push({ userId: member.userId, workspaceId: w.id, permissions: permissionsFor(next) });
  }

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('members.editTitle', { name: member.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('members.editText')}</DialogContentText>
        <ErrorAlert error={save.error} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          <PermissionSelect
            label={t('members.corporationLevel')}
            value={corporation}
            onChange={setCorporation}
            noneLabel={t('members.none')}
          />
          {workspaces.map((w) => (
            <PermissionSelect
              key={w.id}
              label={t('members.inWorkspace', { name: w.name })}
              value={perWorkspace[w.id] ?? null}
              onChange={(value) => setPerWorkspace((current) => ({ ...current, [w.id]: value }))}
              noneLabel={t('members.none')}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={changes.length === 0}
          loading={save.isPending}
          onClick={() => save.mutate(changes, { onSuccess: onClose })}
        >
          {t('common:actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
