import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import { useFormat } from '../../../lib/format';
import { useApiKeys, useInvalidateApiKey } from '../api/api-keys';
import { useScopeName } from './api-key-scope';

// The dialog brings the date picker: loaded when opened.
const CreateApiKeyDialog = lazy(() =>
  import('./create-api-key-dialog').then((m) => ({ default: m.CreateApiKeyDialog })),
);

type Key = NonNullable<ReturnType<typeof useApiKeys>['data']>[number];

/** User settings: API keys (`Authorization: Token <key>`), created here and shown once, and invalidated. */
export function ApiKeysCard({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const keys = useApiKeys(userId);
  const invalidate = useInvalidateApiKey(userId);
  const scopeName = useScopeName();
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<Key>();
  const expired = (k: Key) => k.expiresAt !== null && Date.parse(k.expiresAt) <= Date.now();

  return (
    <SectionCard title={t('apiKeys.title')} description={t('apiKeys.text')}>
      <Box sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<KeyOutlined />} onClick={() => setCreating(true)}>
          {t('apiKeys.create')}
        </Button>
      </Box>
      <ErrorAlert error={keys.error} />
      {keys.data?.length === 0 && <Typography color="text.secondary">{t('apiKeys.none')}</Typography>}
      {keys.data && keys.data.length > 0 && (
        <List disablePadding aria-label={t('apiKeys.title')}>
          {keys.data.map((k) => (
            <ListItem key={k.id} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                primary={
                  <>
                    {k.name}{' '}
                    <Box component="code" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
                      {k.prefix}…
                    </Box>
                  </>
                }
                secondary={[
                  scopeName(k.scope),
                  k.lastUsedAt
                    ? t('apiKeys.lastUsed', { date: format.dateTime(k.lastUsedAt) })
                    : t('apiKeys.neverUsed'),
                  k.expiresAt ? t('apiKeys.expires', { date: format.dateTime(k.expiresAt) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              {k.invalidated || expired(k) ? (
                <Chip size="small" label={k.invalidated ? t('apiKeys.invalidated') : t('apiKeys.expired')} />
              ) : (
                <Button
                  size="small"
                  color="error"
                  onClick={() => setEnding(k)}
                  aria-label={t('apiKeys.invalidateLabel', { name: k.name })}
                >
                  {t('apiKeys.invalidate')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {creating && (
        <Suspense fallback={null}>
          <CreateApiKeyDialog userId={userId} onClose={() => setCreating(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={Boolean(ending)}
        title={t('apiKeys.invalidateTitle', { name: ending?.name })}
        text={t('apiKeys.invalidateText')}
        confirmLabel={t('apiKeys.invalidate')}
        pending={invalidate.isPending}
        error={invalidate.error}
        onConfirm={() => ending && invalidate.mutate(ending.id, { onSuccess: () => setEnding(undefined) })}
        onClose={() => {
          setEnding(undefined);
          invalidate.reset();
        }}
      />
    </SectionCard>
  );
}
