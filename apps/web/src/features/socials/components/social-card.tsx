import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Revived } from '@stromwerk/client/dates';
import type { SocialCheck } from '@stromwerk/contracts/socials';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { useFormat } from '../../../lib/format';
import type { SocialData } from '../../../lib/types';
import { useCheckSocial, useConnectSocial, useRemoveSocial } from '../api/socials';
import { isOauthNetworkName } from '../network-names';
import { ShareDialog } from './share-dialog';

const STATUS_COLOR = {
  connected: 'success',
  expiring: 'warning',
  'reauth-required': 'warning',
  restricted: 'warning',
  error: 'error',
} as const;

/** One connection: account, method, permissions, status, and Check / Reconnect / Delete. */
export function SocialCard({ social, userId }: { social: SocialData; userId: string }) {
  const { t } = useTranslation('socials');
  const format = useFormat();
  const check = useCheckSocial(userId);
  const remove = useRemoveSocial(userId);
  const connect = useConnectSocial();
  const [confirming, setConfirming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [result, setResult] = useState<Revived<SocialCheck>>();
  const network = t(`networks.${social.network}`);
  const headingId = `social-${social.id}`;
  const oauthNetwork =
    social.authType === 'oauth' && isOauthNetworkName(social.network) ? social.network : undefined;

  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Avatar src={social.avatarUrl ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
          {network.slice(0, 1)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {social.name}
            </Typography>
            <Chip
              size="small"
              color={STATUS_COLOR[social.status]}
              label={t(`statuses.${social.status}`)}
              data-testid="social-status"
            />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {[
              network,
              t(`methods.${social.authType}`),
              social.externalName !== social.name && social.externalName,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {social.scopes.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {t('card.scopes', { scopes: social.scopes.join(', ') })}
            </Typography>
          )}
          {social.lastCheckedAt && (
            <Typography variant="body2" color="text.secondary">
              {t('card.checked', { date: format.dateTime(social.lastCheckedAt) })}
            </Typography>
          )}
          <Box role="status" sx={{ mt: result ? 1 : 0 }}>
            {result?.ok && <Alert severity="success">{t('card.checkOk')}</Alert>}
            {result?.problems.map((p) => (
              <Alert key={p.code} severity="warning">
                {t(`problems.${p.code}`)}
              </Alert>
            ))}
          </Box>
          <ErrorAlert error={check.error ?? connect.error} />
        </Box>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button
          onClick={() => check.mutate(social.id, { onSuccess: setResult })}
          disabled={check.isPending}
          aria-describedby={headingId}
        >
          {t('card.check')}
        </Button>
        {oauthNetwork && (
          <Button
            onClick={() => connect.mutate(oauthNetwork)}
            disabled={connect.isPending}
            aria-describedby={headingId}
          >
            {t('card.reconnect')}
          </Button>
        )}
        {social.network !== 'ftp' && social.network !== 'google-drive' && (
          <Button onClick={() => setSharing(true)} aria-describedby={headingId}>
            {t('card.share')}
          </Button>
        )}
        <Button color="error" onClick={() => setConfirming(true)} aria-describedby={headingId}>
          {t('card.delete')}
        </Button>
      </CardActions>
      {sharing && <ShareDialog socialId={social.id} name={social.name} onClose={() => setSharing(false)} />}
      <ConfirmDialog
        open={confirming}
        title={t('card.deleteTitle', { name: social.name })}
        text={t('card.deleteText')}
        confirmLabel={t('card.delete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(social.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
