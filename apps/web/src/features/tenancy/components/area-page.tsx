import LockOutlined from '@mui/icons-material/LockOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import type { NavigationEntry } from '../../../lib/navigation';
import { navigationIcons } from '../../../lib/navigation-icons';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';

/**
 * A workspace area, gated by its feature: the area's own page (`children`), or a "not enabled" page when
 * the corporation lacks the feature. Every area is built since the Flowchart (issue 16), so the "coming
 * soon" page and badge are gone.
 */
export function AreaPage({ area, children }: { area: NavigationEntry; children?: ReactNode }) {
  const { t } = useTranslation('navigation');
  const { workspace } = useActiveContext();
  const features = useAvailableFeatures();
  const title = t(`entries.${area.name}.long`);
  const Icon = navigationIcons[area.name];
  const allowed = !area.access || features.has(area.access);
  if (allowed && children) return children;

  return (
    <Page title={title} subtitle={workspace?.name}>
      <EmptyState
        icon={allowed ? <Icon /> : <LockOutlined />}
        title={allowed ? title : t('notAvailable', { area: title })}
      />
    </Page>
  );
}
