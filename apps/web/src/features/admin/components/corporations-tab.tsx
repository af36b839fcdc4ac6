import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockedChip } from '../../../components/blocked-chip';
import { useFormat } from '../../../lib/format';
import { useAdminCorporations } from '../api/admin';
import { AdminTable, useAdminPaging } from './admin-table';
import { BlockAction } from './block-action';
import { QuotaDialog } from './quota-dialog';

/** Every corporation of the install, searchable by name, with its limits and Block / Unblock. */
export function CorporationsTab() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const paging = useAdminPaging();
  const corporations = useAdminCorporations(paging.query);
  const [limitsOf, setLimitsOf] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <AdminTable
        label={t('corporations.label')}
        searchLabel={t('corporations.search')}
        headers={[t('corporations.name'), t('corporations.created'), t('status'), t('action')]}
        paging={paging}
        total={corporations.data?.total}
        loading={corporations.isFetching}
        error={corporations.error}
        empty={t('corporations.none')}
      >
        {corporations.data?.items.map((corporation) => (
          <TableRow key={corporation.id} hover>
            <TableCell>
              <Link href={`/${corporation.id}`} sx={{ fontWeight: 500 }}>
                {corporation.name}
              </Link>
            </TableCell>
            <TableCell>{format.date(corporation.createdAt)}</TableCell>
            <TableCell>{corporation.blocked ? <BlockedChip /> : t('active')}</TableCell>
            <TableCell sx={{ display: 'flex', gap: 1 }}>
              <Button
                size="small"
                variant="outlined"
                onClick={() => setLimitsOf({ id: corporation.id, name: corporation.name })}
                aria-label={t('quota.label', { name: corporation.name })}
              >
                {t('quota.button')}
              </Button>
              <BlockAction
                kind="corporation"
                id={corporation.id}
                name={corporation.name}
                blocked={corporation.blocked}
              />
            </TableCell>
          </TableRow>
        ))}
      </AdminTable>
      {limitsOf && <QuotaDialog {...limitsOf} onClose={() => setLimitsOf(null)} />}
    </>
  );
}
