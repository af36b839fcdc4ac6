import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { SelectableList } from '../../../components/selectable-list';
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
  const addButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ kind: 'create' })}>
      {t('add')}
    </Button>
  );

  return (
    <Page title={t('title')} subtitle={workspace?.name} actions={addButton}>
      <SelectableList
        ns="outputs"
        items={items}
        loading={outputs.isPending && Boolean(workspaceId)}
        error={outputs.error}
        empty={{
          icon: <OndemandVideoOutlined />,
          title: t('emptyTitle'),
          text: t('emptyText'),
          action: addButton,
        }}
        bulkActions={(selection) => (
          <Button
            size="small"
            variant="outlined"
            onClick={() => setForm({ kind: 'bulk', outputs: selection })}
          >
            {t('bulk.edit')}
          </Button>
        )}
        remove={remove}
        deleteValues={(output) => ({ name: output?.name ?? '' })}
        renderItem={(output, row) => (
          <OutputRow
            key={output.id}
            output={output}
            sources={sourceList}
            selected={row.selected}
            onToggle={row.onToggle}
            onShare={() => setSharing(output.id)}
            onEdit={() => setForm({ kind: 'edit', output })}
            onDelete={row.onDelete}
          />
        )}
      />
      <OutputFormDialog target={form} workspaceId={workspaceId} onClose={() => setForm(null)} />
      <OutputShareDialog
        output={items.find((o) => o.id === sharing) ?? null}
        onClose={() => setSharing(null)}
      />
    </Page>
  );
}
