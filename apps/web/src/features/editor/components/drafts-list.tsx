import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import MovieFilterOutlined from '@mui/icons-material/MovieFilterOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useFormat } from '../../../lib/format';
import { type DraftItem, useCreateDraft, useDrafts, useRemoveDraft } from '../api/drafts';
import { DraftStatusChip } from './draft-status-chip';

/** The workspace's drafts: name, length, status and last change; new, open, delete. */
export function DraftsList({
  workspaceId,
  subtitle,
  onOpen,
}: {
  workspaceId: string;
  subtitle?: ReactNode;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('editor');
  const format = useFormat();
  const drafts = useDrafts(workspaceId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<DraftItem | null>(null);
  const remove = useRemoveDraft();

  const newButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
      {t('list.new')}
    </Button>
  );
  const items = drafts.data ?? [];
  return (
    <Page title={t('title')} subtitle={subtitle} actions={newButton}>
      {drafts.isPending ? (
        <CircularProgress aria-label={t('list.loading')} />
      ) : drafts.error ? (
        <ErrorAlert error={drafts.error} />
      ) : items.length === 0 ? (
        <EmptyState icon={<MovieFilterOutlined />} title={t('list.emptyTitle')} text={t('list.emptyText')} />
      ) : (
        <Card sx={{ overflowX: 'auto' }}>
          <Table aria-label={t('list.label')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('list.name')}</TableCell>
                <TableCell>{t('list.duration')}</TableCell>
                <TableCell>{t('list.status')}</TableCell>
                <TableCell>{t('list.updated')}</TableCell>
                <TableCell align="right">{t('list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((draft) => (
                <TableRow key={draft.id} hover>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => onOpen(draft.id)}
                      aria-label={t('list.open', { name: draft.name })}
                      sx={{ fontWeight: 600, textAlign: 'left' }}
                    >
                      {draft.name}
                    </Link>
                  </TableCell>
                  <TableCell>{format.clock(draft.durationMs)}</TableCell>
                  <TableCell>
                    <DraftStatusChip status={draft.status} />
                  </TableCell>
                  <TableCell>{format.dateTime(draft.updatedAt)}</TableCell>
                  <TableCell align="right">
                    <Tooltip title={t('list.delete', { name: draft.name })}>
                      <IconButton
                        aria-label={t('list.delete', { name: draft.name })}
                        onClick={() => {
                          remove.reset();
                          setDeleting(draft);
                        }}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <NewDraftDialog
        open={creating}
        workspaceId={workspaceId}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          onOpen(id);
        }}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('list.deleteTitle')}
        text={t('list.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('list.deleteConfirm')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}

function NewDraftDialog({
  open,
  workspaceId,
  onClose,
  onCreated,
}: {
  open: boolean;
  workspaceId: string;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation('editor');
  const { t: tCommon } = useTranslation('common');
  const [name, setName] = useState('');
  const create = useCreateDraft();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { workspaceId, name: name.trim() },
      {
        onSuccess: (draft) => {
          setName('');
          onCreated(draft.id);
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="new-draft-title"
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="new-draft-title">{t('list.newTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label={t('list.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoFocus
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <ErrorAlert error={create.error} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending} disabled={!name.trim()}>
            {t('list.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
