import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { DraftEditor } from './draft-editor';
import { DraftsList } from './drafts-list';

/**
 * Issue 15 "Video Editor": the workspace's drafts, and one draft's editor. The open draft sits in the
 * address (`?draft=`), so it can be linked and the browser's back button returns to the list.
 */
export function EditorPage() {
  const { t } = useTranslation('editor');
  const { workspace, params } = useActiveContext();
  const features = useAvailableFeatures();
  const workspaceId = params.workspaceId ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const draftId = searchParams.get('draft');

  if (!features.has('editor')) {
    return (
      <Page title={t('title')} subtitle={workspace?.name}>
        <EmptyState icon={<LockOutlined />} title={t('notAvailable')} />
      </Page>
    );
  }
  const open = (id: string | null) => setSearchParams(id ? { draft: id } : {});
  const libraryPath = `/${params.corporationId}/${params.workspaceId}/media?origin=render`;
  return draftId ? (
    <DraftEditor
      key={draftId}
      draftId={draftId}
      workspaceId={workspaceId}
      libraryPath={libraryPath}
      onBack={() => open(null)}
    />
  ) : (
    <DraftsList workspaceId={workspaceId} subtitle={workspace?.name} onOpen={open} />
  );
}
