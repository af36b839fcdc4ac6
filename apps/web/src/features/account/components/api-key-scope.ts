import type { ApiKeyScope } from '@stromwerk/contracts/api-keys';
import { useTranslation } from 'react-i18next';
import { useCorporations } from '../../../lib/queries/corporations';
import { useWorkspaces } from '../../../lib/queries/workspaces';

/** "Everything you may do", or "Read · Workspace X (Corporation)" in words. */
export function useScopeName() {
  const { t } = useTranslation('account');
  const corporations = useCorporations().data ?? [];
  const workspaces = useWorkspaces().data ?? [];
  return (scope: ApiKeyScope | null) => {
    if (!scope) return t('apiKeys.scopeAll');
    const corporation = corporations.find((c) => c.id === scope.corporationId)?.name ?? '—';
    const workspace = scope.workspaceId && workspaces.find((w) => w.id === scope.workspaceId)?.name;
    const where = workspace ? `${workspace} (${corporation})` : corporation;
    return t(`apiKeys.scope.${scope.permission}`, { where });
  };
}
