import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import type { WorkspaceData } from '../../../lib/types';
import { useDeleteWorkspace, useSortWorkspaces } from '../api/workspace-admin';
import { RenameWorkspaceDialog } from './rename-workspace-dialog';

/** Administrators order, rename and delete the corporation's workspaces. */
export function WorkspacesAdminCard({
  corporationId,
  workspaces,
}: {
  corporationId: string;
  workspaces: WorkspaceData[];
}) {
  const { t } = useTranslation('tenancy');
  const remove = useDeleteWorkspace();
  const sort = useSortWorkspaces(corporationId);
  const [renaming, setRenaming] = useState<WorkspaceData>();
  const [deleting, setDeleting] = useState<WorkspaceData>();
  const [announce, setAnnounce] = useState('');

  const [dragged, setDragged] = useState<number>();
  /** Moves the workspace at `from` to position `to` and saves the whole order. */
  const moveTo = (from: number, to: number) => {
    if (from === to) return;
    const ids = workspaces.map((w) => w.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    sort.mutate(ids);
    setAnnounce(t('manage.moved', { name: workspaces[from]!.name, position: to + 1 }));
  };
  const move = (index: number, by: -1 | 1) => moveTo(index, index + by);

  return (
    <SectionCard title={t('manage.title')} description={t('manage.text')}>
      <ErrorAlert error={sort.error} />
      <Box
        role="status"
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {announce}
      </Box>
      <List disablePadding aria-label={t('manage.title')}>
        {workspaces.map((w, index) => (
          <ListItem
            key={w.id}
            divider
            // Dragging is the mouse's way; the arrow buttons are the keyboard's.
            draggable={!sort.isPending}
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => dragged !== undefined && event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== undefined) moveTo(dragged, index);
              setDragged(undefined);
            }}
            onDragEnd={() => setDragged(undefined)}
            data-testid={`workspace-order-${w.id}`}
            sx={{ px: 0, gap: 1, cursor: 'grab', opacity: dragged === index ? 0.5 : 1 }}
          >
            <DragIndicator aria-hidden="true" sx={{ color: 'text.secondary' }} />
            <ListItemText primary={w.name} />
            <Tooltip title={t('manage.up')}>
              <span>
                <IconButton
                  aria-label={t('manage.upLabel', { name: w.name })}
                  disabled={index === 0 || sort.isPending}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpward />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('manage.down')}>
              <span>
                <IconButton
                  aria-label={t('manage.downLabel', { name: w.name })}
                  disabled={index === workspaces.length - 1 || sort.isPending}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownward />
                </IconButton>
              </span>
            </Tooltip>
            <EditDeleteButtons
              editTooltip={t('manage.rename')}
              editLabel={t('manage.renameLabel', { name: w.name })}
              deleteTooltip={t('manage.delete')}
              deleteLabel={t('manage.deleteLabel', { name: w.name })}
              onEdit={() => setRenaming(w)}
              onDelete={() => setDeleting(w)}
            />
          </ListItem>
        ))}
      </List>
      {renaming && <RenameWorkspaceDialog workspace={renaming} onClose={() => setRenaming(undefined)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('manage.deleteTitle', { name: deleting?.name })}
        text={t('manage.deleteText', { name: deleting?.name })}
        confirmLabel={t('manage.deleteConfirm')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(undefined) })}
        onClose={() => {
          setDeleting(undefined);
          remove.reset();
        }}
      />
    </SectionCard>
  );
}
