import HubOutlined from '@mui/icons-material/HubOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useFormat } from '../../../lib/format';
import { useMe } from '../../../lib/queries/me';
import { useUserSocials } from '../api/list-user-socials';

/** /user/socials: the social networks connected to this user. */
export function UserSocialsPage() {
  const { t } = useTranslation('account');
  const me = useMe();
  const socials = useUserSocials(me?.id ?? '');
  const format = useFormat();

  return (
    <Page title={t('socials.title')} subtitle={t('socials.subtitle')} maxWidth={820}>
      <ErrorAlert error={socials.error} />
      <Card>
        {socials.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('common:app.loading')} />
          </Box>
        )}
        {socials.data?.length === 0 && (
          <EmptyState icon={<HubOutlined />} title={t('socials.emptyTitle')} text={t('socials.emptyText')} />
        )}
        {socials.data && socials.data.length > 0 && (
          <List aria-label={t('socials.title')}>
            {socials.data.map((social) => (
              <ListItem key={social.id} divider>
                <ListItemText
                  primary={social.name}
                  secondary={`${t(`socials.networks.${social.network}`)} · ${t('socials.connectedOn', {
                    date: format.date(social.createdAt),
                  })}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Card>
    </Page>
  );
}
