import Add from '@mui/icons-material/Add';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BlockedChip } from '../../../components/blocked-chip';
import { NotFoundPage } from '../../../components/not-found-page';
import { Page } from '../../../components/page';
import { useFormat } from '../../../lib/format';
import { useActiveContext } from '../../../lib/use-active-context';
import { CorporationMembersCard } from './corporation-members-card';
import { CorporationSettingsCard } from './corporation-settings-card';
import { DeleteCorporationCard } from './delete-corporation-card';
import { InvitationsCard } from './invitations-card';
import { WorkspaceGrid } from './workspace-grid';
import { WorkspacesAdminCard } from './workspaces-admin-card';

/** /{corporation}: its workspaces, settings (rename), members, and deletion. */
export function CorporationPage() {
  const { t } = useTranslation('tenancy');
  const format = useFormat();
  const { corporation, workspaces } = useActiveContext();
  if (!corporation) {
    return <NotFoundPage title={t('corporation.notFoundTitle')} text={t('corporation.notFound')} />;
  }
  const own = workspaces.filter((w) => w.corporationId === corporation.id);
  const isAdmin = corporation.permissions.includes('admin');

  return (
    <Page
      title={corporation.name}
      subtitle={
        <>
          {t('corporation.subtitle', {
            count: own.length,
            formattedCount: format.number(own.length),
            date: format.date(corporation.createdAt),
          })}
          {corporation.blocked && <BlockedChip />}
        </>
      }
      actions={
        <Stack direction="row" spacing={1}>
          {isAdmin && (
            <Button variant="outlined" startIcon={<InsightsOutlined />} href={`/${corporation.id}/usage`}>
              {t('corporation.usage')}
            </Button>
          )}
          <Button
            variant="contained"
            startIcon={<Add />}
            href={`/add-workspace?corporation=${corporation.id}`}
          >
            {t('switcher.add')}
          </Button>
        </Stack>
      }
    >
      <Stack spacing={3}>
        {corporation.blocked && (
          <Alert severity="error" icon={<BlockOutlined />}>
            {t('corporation.blockedText')}
          </Alert>
        )}
        <Box component="section" aria-labelledby="corporation-workspaces">
          <Typography id="corporation-workspaces" variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
            {t('corporation.workspaces')}
          </Typography>
          {own.length ? (
            <WorkspaceGrid workspaces={own} />
          ) : (
            <Typography color="text.secondary">{t('switcher.noWorkspaces')}</Typography>
          )}
        </Box>
        <CorporationSettingsCard corporation={corporation} canEdit={isAdmin} />
        {isAdmin && <WorkspacesAdminCard corporationId={corporation.id} workspaces={own} />}
        <CorporationMembersCard corporationId={corporation.id} workspaces={own} isAdmin={isAdmin} />
        {isAdmin && <InvitationsCard corporationId={corporation.id} workspaces={own} />}
        {isAdmin && <DeleteCorporationCard corporation={corporation} />}
      </Stack>
    </Page>
  );
}
