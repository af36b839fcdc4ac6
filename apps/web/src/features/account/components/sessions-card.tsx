import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import { useFormat } from '../../../lib/format';
import { useEndSession, useLogoutEverywhere, useSessions } from '../api/sessions';

/** User settings: where the account is logged in, with "log out" per session and everywhere. */
export function SessionsCard() {
  const { t } = useTranslation('account');
  const format = useFormat();
  const sessions = useSessions();
  const end = useEndSession();
  const everywhere = useLogoutEverywhere();
  const [confirm, setConfirm] = useState(false);

  return (
    <SectionCard title={t('sessions.title')} description={t('sessions.text')}>
      <ErrorAlert error={sessions.error ?? end.error} />
      <List disablePadding aria-label={t('sessions.title')}>
        {(sessions.data ?? []).map((s) => (
          <ListItem
            key={s.id}
            divider
            disableGutters
            secondaryAction={
              <Button
                size="small"
                color="error"
                onClick={() => end.mutate(s.id)}
                loading={end.isPending && end.variables === s.id}
                aria-label={t('sessions.logoutOne', { device: s.device })}
              >
                {t('sessions.logout')}
              </Button>
            }
            sx={{ pr: 12 }}
          >
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  {s.device}
                  {s.current && (
                    <Chip size="small" color="primary" variant="outlined" label={t('sessions.current')} />
                  )}
                </Box>
              }
              secondary={t('sessions.details', {
                address: s.clientAddress ?? t('sessions.unknownAddress'),
                lastUsed: format.relativeTime(s.lastUsedAt),
                since: format.date(s.createdAt),
              })}
            />
          </ListItem>
        ))}
      </List>
      <Box sx={{ mt: 2 }}>
        <Button variant="outlined" color="error" onClick={() => setConfirm(true)}>
          {t('sessions.logoutAll')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirm}
        title={t('sessions.logoutAllTitle')}
        text={t('sessions.logoutAllText')}
        confirmLabel={t('sessions.logoutAll')}
        pending={everywhere.isPending}
        error={everywhere.error}
        onConfirm={() => everywhere.mutate()}
        onClose={() => setConfirm(false)}
      />
    </SectionCard>
  );
}
