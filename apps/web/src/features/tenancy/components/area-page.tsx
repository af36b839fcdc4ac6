import LockOutlined from '@mui/icons-material/LockOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import type { NavigationEntry } from '../../../lib/navigation';
import { navigationIcons } from '../../../lib/navigation-icons';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';

/**
 * A workspace area, gated by its feature: the area's own page when it is built (`children`), a "coming soon"
 * page inside the shell when it is not, and a "not enabled" page when the corporation lacks the feature.
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
      {allowed ? (
        <ComingSoon icon={<Icon />} area={title} text={t(`entries.${area.name}.description`)} />
      ) : (
        <EmptyState icon={<LockOutlined />} title={t('notAvailable', { area: title })} />
      )}
    </Page>
  );
}
