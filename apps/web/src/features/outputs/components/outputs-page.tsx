import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
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
import { useSources } from '../../../lib/queries/sources';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { useDeleteOutputs } from '../api/delete-outputs';
import { useOutputs } from '../api/list-outputs';
import { OutputFormDialog } from './output-form-dialog';
import type { FormTarget } from './output-form-values';
import { OutputRow } from './output-row';
import { OutputShareDialog } from './output-share-dialog';

/** Spec section 2 "Player & Recorder": the workspace's players, what they show, who watches. */
export function OutputsPage() {
  const { t } = useTranslation('outputs');
  const { workspace, params } = useActiveContext();
  const features = useAvailableFeatures();
  const workspaceId = params.workspaceId ?? '';
  const outputs = useOutputs(workspaceId || undefined);
  const sources = useSources(workspaceId || undefined);
  const [form, setForm] = useState<FormTarget | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const remove = useDeleteOutputs();

  if (!features.has('outputs')) {
    return (
      <Page title={t('title')} subtitle={workspace?.name}>
        <EmptyState icon={<LockOutlined />} title={t('notAvailable')} />
      </Page>
    );
  }

  const items = outputs.data ?? [];
  const sourceList = sources.data ?? [];
  const visibleSelection = items.filter((o) => selected.has(o.id));
  const allSelected = items.length > 0 && visibleSelection.length === items.length;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const addButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ kind: 'create' })}>
      {t('add')}
    </Button>
  );

  return (
    <Page title={t('title')} subtitle={workspace?.name} actions={addButton}>
      <ErrorAlert error={outputs.error} />
      {outputs.isPending && workspaceId ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : items.length === 0 && !outputs.error ? (
        <Card variant="outlined">
          <EmptyState
            icon={<OndemandVideoOutlined />}
            title={t('emptyTitle')}
            text={t('emptyText')}
            action={addButton}
          />
        </Card>
      ) : (
        <>
          <Box
            sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5, minHeight: 40 }}
          >
            <Checkbox
              checked={allSelected}
              indeterminate={visibleSelection.length > 0 && !allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((o) => o.id)))}
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
                  onClick={() => setForm({ kind: 'bulk', outputs: visibleSelection })}
                >
                  {t('bulk.edit')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  onClick={() => setDeleting(visibleSelection.map((o) => o.id))}
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
          <Box
            component="ul"
            aria-label={t('listLabel')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {items.map((output) => (
              <OutputRow
                key={output.id}
                output={output}
                sources={sourceList}
                selected={selected.has(output.id)}
                onToggle={() => toggle(output.id)}
                onShare={() => setSharing(output.id)}
                onEdit={() => setForm({ kind: 'edit', output })}
                onDelete={() => setDeleting([output.id])}
              />
            ))}
          </Box>
        </>
      )}
      <OutputFormDialog target={form} workspaceId={workspaceId} onClose={() => setForm(null)} />
      <OutputShareDialog
        output={items.find((o) => o.id === sharing) ?? null}
        onClose={() => setSharing(null)}
      />
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
              name: items.find((o) => o.id === deleting?.[0])?.name ?? '',
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
