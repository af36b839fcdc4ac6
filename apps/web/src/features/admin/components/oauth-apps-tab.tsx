import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OauthAppSetting } from '@stromwerk/contracts/socials';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { CopyField } from '../../outputs/components/copy-field';
import { useOauthApps, useRemoveOauthApp, useSaveOauthApp } from '../api/oauth-apps';

const NAMES: Record<OauthAppSetting['network'], string> = {
  youtube: 'YouTube',
  facebook: 'Facebook',
  twitch: 'Twitch',
  twitter: 'X',
  'google-drive': 'Google Drive',
};

/**
 * Install-wide OAuth apps (issue 20): per network the client id and secret registered at the provider,
 * stored sealed; the exact redirect address to paste there. Values from the environment win and are
 * shown, not edited. A network without an app offers only its stream key on the Socials page.
 */
export function OauthAppsTab() {
  const { t } = useTranslation('admin');
  const apps = useOauthApps();
  if (apps.isError) return <ErrorAlert error={apps.error} />;
  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary">
        {t('oauthApps.intro')}
      </Typography>
      {(apps.data?.items ?? []).map((app) => (
        <OauthAppForm key={app.network} app={app} />
      ))}
    </Stack>
  );
}

function OauthAppForm({ app }: { app: OauthAppSetting }) {
  const { t } = useTranslation('admin');
  const [clientId, setClientId] = useState(app.source === 'database' ? (app.clientId ?? '') : '');
  const [secret, setSecret] = useState('');
  const save = useSaveOauthApp();
  const remove = useRemoveOauthApp();
  const name = NAMES[app.network];
  const fromEnv = app.source === 'environment';
  const headingId = `oauth-app-${app.network}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!clientId.trim()) return;
    save.mutate(
      {
        network: app.network,
        body: { clientId: clientId.trim(), ...(secret ? { clientSecret: secret } : {}) },
      },
      { onSuccess: () => setSecret('') },
    );
  };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {name}
        </Typography>
        <Chip
          size="small"
          color={app.source === 'none' ? 'default' : 'success'}
          label={t(`oauthApps.source.${app.source}`)}
        />
      </Stack>
      {app.source === 'none' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t(app.network === 'google-drive' ? 'oauthApps.noAppNoLive' : 'oauthApps.noApp', { network: name })}
        </Alert>
      )}
      <Stack spacing={2}>
        <CopyField label={t('oauthApps.redirectUri')} value={app.redirectUri} />
        <Typography variant="body2">
          {t('oauthApps.registerAt')}{' '}
          <Link href={app.consoleUrl} target="_blank" rel="noopener noreferrer">
            {app.consoleUrl}
          </Link>
        </Typography>
        {fromEnv ? (
          <Alert severity="success">{t('oauthApps.fromEnvironment', { clientId: app.clientId })}</Alert>
        ) : (
          <Box component="form" noValidate onSubmit={submit}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('oauthApps.clientId')}
                value={clientId}
                onChange={(e) => setClientId(e.target.value)}
                required
                fullWidth
                autoComplete="off"
              />
              <TextField
                label={t('oauthApps.clientSecret')}
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                type="password"
                fullWidth
                autoComplete="new-password"
                helperText={app.hasSecret ? t('oauthApps.secretKept') : undefined}
              />
            </Stack>
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              <Button type="submit" variant="contained" loading={save.isPending} disabled={!clientId.trim()}>
                {t('oauthApps.save', { network: name })}
              </Button>
              {app.source === 'database' && (
                <Button color="error" onClick={() => remove.mutate(app.network)} loading={remove.isPending}>
                  {t('oauthApps.remove', { network: name })}
                </Button>
              )}
            </Stack>
            <ErrorAlert error={save.error ?? remove.error} />
          </Box>
        )}
      </Stack>
    </Box>
  );
}
