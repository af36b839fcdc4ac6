import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { useMe } from '../../../lib/queries/me';
import { ApiKeysTab } from './api-keys-tab';
import { CorporationsTab } from './corporations-tab';
import { OauthAppsTab } from './oauth-apps-tab';
import { UsersTab } from './users-tab';

const tabs = ['users', 'corporations', 'api-keys', 'oauth-apps'] as const;
type TabName = (typeof tabs)[number];
const panels: Record<TabName, () => React.JSX.Element> = {
  users: UsersTab,
  corporations: CorporationsTab,
  'api-keys': ApiKeysTab,
  'oauth-apps': OauthAppsTab,
};

/**
 * `/admin`: the install's users, corporations and API keys, for platform administrators only (the user
 * menu shows the entry to them alone, and the server refuses everyone else's requests).
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as TabName | null;
  const tab: TabName = asked && tabs.includes(asked) ? asked : 'users';
  const Panel = panels[tab];

  // The lists load only once the caller is known to be an administrator (`me` loads at start-up).
  if (!me) return null;
  if (!me.isAdmin) {
    return (
      <Page title={t('title')}>
        <Alert severity="warning">{t('onlyAdmins')}</Alert>
      </Page>
    );
  }
  return (
    <Page title={t('title')} subtitle={t('subtitle')}>
      <Card>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
          <Tabs
            value={tab}
            onChange={(_, value: TabName) => setParams({ tab: value }, { replace: true })}
            aria-label={t('tabsLabel')}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {tabs.map((name) => (
              <Tab
                key={name}
                value={name}
                label={t(`tabs.${name}`)}
                id={`admin-tab-${name}`}
                aria-controls="admin-panel"
              />
            ))}
          </Tabs>
        </Box>
        <CardContent id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`}>
          <Panel />
        </CardContent>
      </Card>
    </Page>
  );
}
