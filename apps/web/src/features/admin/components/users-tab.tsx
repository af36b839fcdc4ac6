import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BlockedChip } from '../../../components/blocked-chip';
import { useMe } from '../../../lib/queries/me';
import { useAdminUsers } from '../api/admin';
import { AdminTable, useAdminPaging } from './admin-table';
import { BlockAction } from './block-action';

/** Every user of the install, searchable by name and email, with Block / Unblock. */
export function UsersTab() {
  const { t } = useTranslation('admin');
  const me = useMe();
  const paging = useAdminPaging();
  const users = useAdminUsers(paging.query);
  return (
    <AdminTable
      label={t('users.label')}
      searchLabel={t('users.search')}
      headers={[t('users.name'), t('users.email'), t('status'), t('action')]}
      paging={paging}
      total={users.data?.total}
      loading={users.isFetching}
      error={users.error}
      empty={t('users.none')}
    >
      {users.data?.items.map((user) => (
        <TableRow key={user.id} hover>
          <TableCell>
            <Box component="span" sx={{ fontWeight: 500 }}>
              {user.name}
            </Box>
            {user.isAdmin && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {t('users.admin')}
              </Typography>
            )}
          </TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
          <TableCell>{user.blocked ? <BlockedChip /> : t('active')}</TableCell>
          <TableCell>
            {user.id === me?.id ? (
              <Typography variant="body2" color="text.secondary">
                {t('users.you')}
              </Typography>
            ) : (
              <BlockAction kind="user" id={user.id} name={user.name} blocked={user.blocked} />
            )}
          </TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}
