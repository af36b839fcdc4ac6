import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { SelectableList } from '../../../components/selectable-list';
import { useOutputFeeds } from '../../../lib/queries/output-feeds';
import { useSources } from '../../../lib/queries/sources';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { useDeleteTargets } from '../api/delete-targets';
import { useTargets } from '../api/list-targets';
import type { TargetItem } from '../api/types';
import { TargetFormDialog } from './target-form-dialog';
import { TargetRow } from './target-row';

type Editing = { target: TargetItem | null } | null;

/** Spec section 4 "Live-Stream Targets": where the workspace's feeds are pushed and how that goes. */
export function TargetsPage() {
  const { t } = useTranslation('targets');
  const { workspace, params } = useActiveContext();
  const features = useAvailableFeatures();
  const workspaceId = params.workspaceId ?? '';
  const targets = useTargets(workspaceId || undefined);
  const sources = useSources(workspaceId || undefined);
  const outputFeeds = useOutputFeeds(workspaceId || undefined);
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteTargets();

  if (!features.has('targets')) {
    return (
      <Page title={t('title')} subtitle={workspace?.name}>
        <EmptyState icon={<LockOutlined />} title={t('notAvailable')} />
      </Page>
    );
  }

  const sourceList = sources.data ?? [];
  const outputList = outputFeeds.data ?? [];
  const addButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ target: null })}>
      {t('add')}
    </Button>
  );

  return (
    <Page title={t('title')} subtitle={workspace?.name} actions={addButton}>
      <SelectableList
        ns="targets"
        items={targets.data ?? []}
        loading={targets.isPending && Boolean(workspaceId)}
        error={targets.error}
        empty={{ icon: <SendOutlined />, title: t('emptyTitle'), text: t('emptyText'), action: addButton }}
        remove={remove}
        deleteValues={(target) => ({ name: target?.name ?? '' })}
        renderItem={(target, row) => (
          <TargetRow
            key={target.id}
            target={target}
            sources={sourceList}
            outputs={outputList}
            selected={row.selected}
            onToggle={row.onToggle}
            onEdit={() => setEditing({ target })}
            onDelete={row.onDelete}
          />
        )}
      />
      <TargetFormDialog
        open={editing !== null}
        target={editing?.target ?? null}
        sources={sourceList}
        outputs={outputList}
        workspaceId={workspaceId}
        onClose={() => setEditing(null)}
      />
    </Page>
  );
}
