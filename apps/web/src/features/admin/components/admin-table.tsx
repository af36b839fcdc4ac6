import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import type { AdminPageQuery } from '../api/admin';

const PAGE_SIZES = [10, 25, 50];

/** Search text and page of one admin list; a new search starts at the first page. */
export function useAdminPaging() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(PAGE_SIZES[1]!);
  const search = useDeferredValue(text.trim());
  const query: AdminPageQuery = {
    limit: rowsPerPage,
    offset: page * rowsPerPage,
    ...(search ? { search } : {}),
  };
  return {
    text,
    setText: (value: string) => {
      setText(value);
      setPage(0);
    },
    page,
    setPage,
    rowsPerPage,
    setRowsPerPage: (value: number) => {
      setRowsPerPage(value);
      setPage(0);
    },
    query,
  };
}

/** A searchable, paged table of one kind of the install's records (users, corporations, API keys). */
export function AdminTable({
  label,
  searchLabel,
  headers,
  paging,
  total,
  loading,
  error,
  empty,
  children,
}: {
  label: string;
  searchLabel: string;
  headers: string[];
  paging: ReturnType<typeof useAdminPaging>;
  total: number | undefined;
  loading: boolean;
  error: unknown;
  empty: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Box>
      <TextField
        value={paging.text}
        onChange={(event) => paging.setText(event.target.value)}
        label={searchLabel}
        type="search"
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <ErrorAlert error={error} />
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('loading')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {headers.map((header) => (
                <TableCell key={header}>{header}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
      {total === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {empty}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={total ?? 0}
        page={paging.page}
        onPageChange={(_, page) => paging.setPage(page)}
        rowsPerPage={paging.rowsPerPage}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => paging.setRowsPerPage(Number(event.target.value))}
        labelRowsPerPage={t('rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(`pager.${type}`)}
      />
    </Box>
  );
}
