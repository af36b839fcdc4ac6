import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { isErrorCode } from '@stromwerk/contracts/error-codes';
import type { SocialNetworkInfo } from '@stromwerk/contracts/socials';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { SectionCard } from '../../../components/section-card';
import { useMe } from '../../../lib/queries/me';
import { useConnectSocial, useSocialNetworks, useSocials } from '../api/socials';
import { isOauthNetworkName } from '../network-names';
import { FtpDialog } from './ftp-dialog';
import { SocialCard } from './social-card';
import { StreamKeyDialog } from './stream-key-dialog';

/** /user/socials: connect networks (OAuth, FTP, stream keys) and see each connection's state. */
export function SocialsPage() {
  const { t } = useTranslation('socials');
  const me = useMe();
  const userId = me?.id ?? '';
  const socials = useSocials(userId);
  const networks = useSocialNetworks();
  const connect = useConnectSocial();
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<'ftp' | 'stream-key'>();
  const connectedId = params.get('connected');
  const connected = socials.data?.find((s) => s.id === connectedId);
  const returnedError = params.get('error');
  const oauth = (networks.data?.items ?? []).filter((n) => isOauthNetworkName(n.network));
  const secretsReady = networks.data?.secretsReady !== false;

  return (
    <Page title={t('title')} subtitle={t('subtitle')} maxWidth={880}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Box role="status">
          {connected && (
            <Alert severity="success">
              {t('connected', { network: t(`networks.${connected.network}`) })}
            </Alert>
          )}
        </Box>
        {returnedError && isErrorCode(returnedError) && (
          <Alert severity="error" role="alert">
            {t(`common:errors.${returnedError}`)}
          </Alert>
        )}
        <SectionCard title={t('connectTitle')} description={t('connectText')}>
          {!secretsReady && <Alert severity="warning">{t('secretsMissing')}</Alert>}
          <ErrorAlert error={networks.error ?? connect.error} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {oauth.map((n) => (
              <ConnectButton
                key={n.network}
                info={n}
                disabled={!secretsReady || connect.isPending}
                onConnect={connect.mutate}
              />
            ))}
          </Box>
          <NoAppNotes networks={oauth} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Button variant="outlined" onClick={() => setDialog('ftp')} disabled={!secretsReady}>
              {t('addFtp')}
            </Button>
            <Button variant="outlined" onClick={() => setDialog('stream-key')} disabled={!secretsReady}>
              {t('addStreamKey')}
            </Button>
          </Box>
        </SectionCard>
        <Box component="section" aria-labelledby="socials-list">
          <Typography id="socials-list" component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('listTitle')}
          </Typography>
          <ErrorAlert error={socials.error} />
          {socials.isPending && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          )}
          {socials.data?.length === 0 && (
            <EmptyState icon={<HubOutlined />} title={t('emptyTitle')} text={t('emptyText')} />
          )}
          <Box sx={{ display: 'grid', gap: 2 }}>
            {socials.data?.map((s) => (
              <SocialCard key={s.id} social={s} userId={userId} />
            ))}
          </Box>
        </Box>
      </Box>
      {dialog === 'ftp' && <FtpDialog userId={userId} onClose={() => setDialog(undefined)} />}
      {dialog === 'stream-key' && <StreamKeyDialog userId={userId} onClose={() => setDialog(undefined)} />}
    </Page>
  );
}

function ConnectButton({
  info,
  disabled,
  onConnect,
}: {
  info: SocialNetworkInfo;
  disabled: boolean;
  onConnect: (network: never) => void;
}) {
  const { t } = useTranslation('socials');
  const network = t(`networks.${info.network}`);
  return (
    <Button
      variant="contained"
      startIcon={<AddLinkOutlined />}
      disabled={disabled || !info.oauthConfigured}
      aria-describedby={info.oauthConfigured ? undefined : `no-app-${info.network}`}
      onClick={() => onConnect(info.network as never)}
    >
      {t('connect', { network })}
    </Button>
  );
}

/** Why a network's button is disabled: no OAuth app on this install (its stream key still works). */
function NoAppNotes({ networks }: { networks: SocialNetworkInfo[] }) {
  const { t } = useTranslation('socials');
  const missing = networks.filter((n) => !n.oauthConfigured);
  if (missing.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, color: 'text.secondary' }}>
      {missing.map((n) => (
        <Typography key={n.network} component="li" variant="body2" id={`no-app-${n.network}`}>
          {t(n.supports.live ? 'noApp' : 'noAppNoLive', { network: t(`networks.${n.network}`) })}
        </Typography>
      ))}
    </Box>
  );
}
