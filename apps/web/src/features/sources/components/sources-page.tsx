import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SettingsInputAntenna from '@mui/icons-material/SettingsInputAntenna';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useSources } from '../../../lib/queries/sources';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { useDeleteSources } from '../api/delete-source';
import { useUpdateSource } from '../api/save-source';
import { EncoderSetupDialog } from './encoder-setup-dialog';
import { SourceFormDialog } from './source-form-dialog';
import { SourceRow } from './source-row';

type Editing = { source: SourceItem | null } | null;

/** Spec section 2 "Stream Sources": every source of the workspace, its state and its settings. */
export function SourcesPage() {
  const { t } = useTranslation('sources');
  const { workspace, params } = useActiveContext();
  const features = useAvailableFeatures();
  const workspaceId = params.workspaceId ?? '';
  const sources = useSources(workspaceId || undefined);
  const [editing, setEditing] = useState<Editing>(null);
  const [encoder, setEncoder] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkError, setBulkError] = useState<unknown>(null);
  const [bulkPending, setBulkPending] = useState(false);
  const remove = useDeleteSources();
  const update = useUpdateSource();

  if (!features.has('sources')) {
    return (
      <Page title={t('title')} subtitle={workspace?.name}>
        <EmptyState icon={<LockOutlined />} title={t('notAvailable')} />
      </Page>
    );
  }

  const items = sources.data ?? [];
  const visibleSelection = items.filter((s) => selected.has(s.id));
  const allSelected = items.length > 0 && visibleSelection.length === items.length;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const encoderSource = items.find((s) => s.id === encoder) ?? null;

  const setRecording = async (recording: boolean) => {
    setBulkError(null);
    setBulkPending(true);
    try {
      for (const source of visibleSelection) {
        await update.mutateAsync({ id: source.id, body: { recording } });
      }
    } catch (error) {
      setBulkError(error);
    } finally {
      setBulkPending(false);
    }
  };

  return (
    <Page
      title={t('title')}
      subtitle={workspace?.name}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ source: null })}>
          {t('add')}
        </Button>
      }
    >
      <ErrorAlert error={sources.error} />
      {sources.isPending && workspaceId ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : items.length === 0 && !sources.error ? (
        <Card variant="outlined">
          <EmptyState
            icon={<SettingsInputAntenna />}
            title={t('emptyTitle')}
            text={t('emptyText')}
            action={
              <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ source: null })}>
                {t('add')}
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              flexWrap: 'wrap',
              gap: 1,
              mb: 1.5,
              minHeight: 40,
            }}
          >
            <Checkbox
              checked={allSelected}
              indeterminate={visibleSelection.length > 0 && !allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((s) => s.id)))}
              slotProps={{ input: { 'aria-label': t('selectAll') } }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
              {visibleSelection.length > 0
                ? t('selected', { count: visibleSelection.length })
                : t('count', { count: items.length })}
            </Typography>
            {visibleSelection.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={bulkPending}
                  onClick={() => setRecording(true)}
                >
                  {t('bulk.enableRecording')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={bulkPending}
                  onClick={() => setRecording(false)}
                >
                  {t('bulk.disableRecording')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  disabled={bulkPending}
                  onClick={() => setDeleting(visibleSelection.map((s) => s.id))}
                >
                  {t('bulk.delete')}
                </Button>
              </Box>
            )}
          </Box>
          {visibleSelection.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('bulk.warning')}
            </Alert>
          )}
          <ErrorAlert error={bulkError} />
          <Box
            component="ul"
            aria-label={t('listLabel')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {items.map((source) => (
              <SourceRow
                key={source.id}
                source={source}
                selected={selected.has(source.id)}
                onToggle={() => toggle(source.id)}
                onEdit={() => setEditing({ source })}
                onDelete={() => setDeleting([source.id])}
                onEncoder={() => setEncoder(source.id)}
              />
            ))}
          </Box>
        </>
      )}
      <SourceFormDialog
        open={editing !== null}
        source={editing?.source ?? null}
        workspaceId={workspaceId}
        onClose={() => setEditing(null)}
      />
      <EncoderSetupDialog source={encoderSource} onClose={() => setEncoder(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title', { count: deleting?.length ?? 1 })}
        text={
          <>
            {deleting && deleting.length > 1 && (
              <Alert severity="warning" sx={{ mb: 1.5 }}>
                {t('bulk.warning')}
              </Alert>
            )}
            {t('delete.text', {
              count: deleting?.length ?? 1,
              name: items.find((s) => s.id === deleting?.[0])?.name ?? '',
            })}
          </>
        }
        confirmLabel={t('delete.confirm')}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              setSelected((current) => new Set([...current].filter((id) => !deleting.includes(id))));
              setDeleting(null);
            },
          })
        }
      />
    </Page>
  );
}
