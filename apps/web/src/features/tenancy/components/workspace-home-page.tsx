import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { entryPath, visibleGroups, workspaceAreas } from '../../../lib/navigation';
import { navigationIcons } from '../../../lib/navigation-icons';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { LiveOverview } from './live-overview';

/** The workspace's home: its areas as tiles (the same entries and access rules as the navigation). */
export function WorkspaceHomePage() {
  const { t } = useTranslation('tenancy');
  const { t: tNav } = useTranslation('navigation');
  const { corporation, workspace, params } = useActiveContext();
  const features = useAvailableFeatures();
  const areas = visibleGroups([workspaceAreas], features).flat();

  if (!workspace) return null;
  return (
    <Page
      title={workspace.name}
      subtitle={t('workspace.subtitle', { corporation: corporation?.name ?? '' })}
      actions={
        <Button
          variant="outlined"
          startIcon={<InsightsOutlined />}
          href={`/${workspace.corporationId}/${workspace.id}/usage`}
        >
          {t('corporation.usage')}
        </Button>
      }
    >
      <LiveOverview workspaceId={workspace.id} base={entryPath({ to: '', name: 'home' }, params)} />
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
        {t('workspace.areas')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
        }}
      >
        {areas.map((area) => {
          const Icon = navigationIcons[area.name];
          return (
            <li key={area.name}>
              <Card sx={{ height: '100%', '&:hover': { borderColor: 'primary.main' } }}>
                <CardActionArea
                  href={entryPath(area, params)}
                  sx={{ p: 2.5, height: '100%', display: 'block' }}
                >
                  <Box
                    sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
                  >
                    <Box
                      sx={{
                        width: 40,
                        height: 40,
                        borderRadius: 2,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'rgba(55, 48, 196, 0.1)',
                        color: 'primary.main',
                      }}
                    >
                      <Icon />
                    </Box>
                  </Box>
                  <Typography sx={{ fontWeight: 600 }}>{tNav(`entries.${area.name}.long`)}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {tNav(`entries.${area.name}.description`)}
                  </Typography>
                </CardActionArea>
              </Card>
            </li>
          );
        })}
      </Box>
    </Page>
  );
}
