import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../../components/loading-screen';
import { NotFoundPage } from '../../../components/not-found-page';
import { Page } from '../../../components/page';
import { workspaceAreas } from '../../../lib/navigation';
import { useMe } from '../../../lib/queries/me';
import { useActiveContext } from '../../../lib/use-active-context';
import { recordVisit } from '../hooks/use-last-visited';

/** /{corporation}/{workspace}/…: resolves the ids, remembers the visit, renders the area. */
export function WorkspaceScope() {
  const { t } = useTranslation('tenancy');
  const { workspace } = useActiveContext();
  const userId = useMe()?.id;
  const { pathname } = useLocation();

  useEffect(() => {
    if (userId && workspace) {
      recordVisit(userId, { corporationId: workspace.corporationId, workspaceId: workspace.id });
    }
  }, [userId, workspace]);

  if (!workspace) return <NotFoundPage title={t('workspace.notFoundTitle')} text={t('workspace.notFound')} />;
  // Keyed by the path like the shell's boundary: a new area shows its frame at once.
  return (
    <Suspense key={pathname} fallback={<AreaLoading pathname={pathname} workspaceName={workspace.name} />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * An area whose code or texts are still on their way: its frame (heading, workspace) and a spinner where
 * the list will be, so the screen is never empty. The heading is the navigation's name of the area,
 * which is also the area's own title.
 */
function AreaLoading({ pathname, workspaceName }: { pathname: string; workspaceName: string }) {
  const { t } = useTranslation('navigation');
  const area = workspaceAreas.find((a) => pathname.replace(/\/$/, '').endsWith(`/${a.to}`));
  if (!area) return <PageLoading />;
  return (
    <Page title={t(`entries.${area.name}.long`)} subtitle={workspaceName}>
      <PageLoading />
    </Page>
  );
}
