import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { useMe } from '../../../lib/queries/me';
import { useActiveContext } from '../../../lib/use-active-context';
import { recordVisit } from '../hooks/use-last-visited';

/** /{corporation}/{workspace}/…: resolves the ids, remembers the visit, renders the area. */
export function WorkspaceScope() {
  const { t } = useTranslation('tenancy');
  const { workspace } = useActiveContext();
  const userId = useMe()?.id;

  useEffect(() => {
    if (userId && workspace) {
      recordVisit(userId, { corporationId: workspace.corporationId, workspaceId: workspace.id });
    }
  }, [userId, workspace]);

  if (!workspace) return <NotFoundPage title={t('workspace.notFoundTitle')} text={t('workspace.notFound')} />;
  return <Outlet />;
}
