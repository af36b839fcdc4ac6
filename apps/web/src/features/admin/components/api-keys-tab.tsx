import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockedChip } from '../../../components/blocked-chip';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useFormat } from '../../../lib/format';
import { useScopeName } from '../../account/components/api-key-scope';
import { useAdminApiKeys, useInvalidateAnyApiKey } from '../api/admin';
import { AdminTable, useAdminPaging } from './admin-table';

type ListedApiKey = NonNullable<ReturnType<typeof useAdminApiKeys>['data']>['items'][number];

/** Every API key of the install with owner, scope, expiry and last use; invalidate after confirmation. */
export function ApiKeysTab() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const scopeName = useScopeName();
  const paging = useAdminPaging();
  const keys = useAdminApiKeys(paging.query);
  const invalidate = useInvalidateAnyApiKey();
  const [ending, setEnding] = useState<ListedApiKey>();
  const expired = (k: ListedApiKey) => k.expiresAt !== null && Date.parse(k.expiresAt) <= Date.now();
  const close = () => {
    setEnding(undefined);
    invalidate.reset();
  };

  return (
    <>
      <AdminTable
        label={t('apiKeys.label')}
        searchLabel={t('apiKeys.search')}
        headers={[
          t('apiKeys.key'),
          t('apiKeys.owner'),
          t('apiKeys.scope'),
          t('apiKeys.expires'),
          t('apiKeys.lastUsed'),
          t('action'),
        ]}
        paging={paging}
        total={keys.data?.total}
        loading={keys.isFetching}
        error={keys.error}
        empty={t('apiKeys.none')}
      >
        {keys.data?.items.map((k) => (
          <TableRow key={k.id} hover>
            <TableCell>
              <Box component="span" sx={{ fontWeight: 500 }}>
                {k.name}
              </Box>{' '}
              <Box component="code" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
                {k.prefix}…
              </Box>
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {k.owner.name}
              {k.owner.blocked && <BlockedChip />}
              <Box sx={{ color: 'text.secondary', fontSize: '0.85em' }}>{k.owner.email}</Box>
            </TableCell>
            <TableCell>{scopeName(k.scope)}</TableCell>
            <TableCell>{k.expiresAt ? format.dateTime(k.expiresAt) : t('apiKeys.never')}</TableCell>
            <TableCell>{k.lastUsedAt ? format.dateTime(k.lastUsedAt) : t('apiKeys.notUsed')}</TableCell>
            <TableCell>
              {k.invalidated || expired(k) ? (
                <Chip size="small" label={k.invalidated ? t('apiKeys.invalidated') : t('apiKeys.expired')} />
              ) : (
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  onClick={() => setEnding(k)}
                  aria-label={t('apiKeys.invalidateLabel', { name: k.name, owner: k.owner.name })}
                >
                  {t('apiKeys.invalidate')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </AdminTable>
      <ConfirmDialog
        open={Boolean(ending)}
        title={t('apiKeys.invalidateTitle', { name: ending?.name })}
        text={t('apiKeys.invalidateText', { owner: ending?.owner.name })}
        confirmLabel={t('apiKeys.invalidate')}
        pending={invalidate.isPending}
        error={invalidate.error}
        onConfirm={() => ending && invalidate.mutate(ending.id, { onSuccess: close })}
        onClose={close}
      />
    </>
  );
}
