import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SettingsInputAntenna from '@mui/icons-material/SettingsInputAntenna';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { SelectableList } from '../../../components/selectable-list';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useSources } from '../../../lib/queries/sources';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { useDeleteSources } from '../api/delete-source';
import { useSetSourcesRecording } from '../api/save-source';
import { EncoderSetupDialog } from './encoder-setup-dialog';
import { SourceDependents } from './source-dependents';
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
  const remove = useDeleteSources();
  const recording = useSetSourcesRecording();

  if (!features.has('sources')) {
    return (
      <Page title={t('title')} subtitle={workspace?.name}>
        <EmptyState icon={<LockOutlined />} title={t('notAvailable')} />
      </Page>
    );
  }

  const items = sources.data ?? [];
  const encoderSource = items.find((s) => s.id === encoder) ?? null;
  const addButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ source: null })}>
      {t('add')}
    </Button>
  );

  const setRecording = (selection: SourceItem[], on: boolean) =>
    recording.mutate({ ids: selection.map((s) => s.id), recording: on });

  return (
    <Page title={t('title')} subtitle={workspace?.name} actions={addButton}>
      <SelectableList
        ns="sources"
        items={items}
        loading={sources.isPending && Boolean(workspaceId)}
        error={sources.error}
        bulkError={recording.error}
        empty={{
          icon: <SettingsInputAntenna />,
          title: t('emptyTitle'),
          text: t('emptyText'),
          action: addButton,
        }}
        bulkActions={(selection) => (
          <>
            <Button
              size="small"
              variant="outlined"
              disabled={recording.isPending}
              onClick={() => setRecording(selection, true)}
            >
              {t('bulk.enableRecording')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              disabled={recording.isPending}
              onClick={() => setRecording(selection, false)}
            >
              {t('bulk.disableRecording')}
            </Button>
          </>
        )}
        remove={remove}
        deleteValues={(source) => ({ name: source?.name ?? '' })}
        deleteConsequences={(ids) => <SourceDependents workspaceId={workspaceId} ids={ids} />}
        renderItem={(source, row) => (
          <SourceRow
            key={source.id}
            source={source}
            selected={row.selected}
            onToggle={row.onToggle}
            onEdit={() => setEditing({ source })}
            onDelete={row.onDelete}
            onEncoder={() => setEncoder(source.id)}
          />
        )}
      />
      <SourceFormDialog
        open={editing !== null}
        source={editing?.source ?? null}
        workspaceId={workspaceId}
        onClose={() => setEditing(null)}
      />
      <EncoderSetupDialog source={encoderSource} onClose={() => setEncoder(null)} />
    </Page>
  );
}
