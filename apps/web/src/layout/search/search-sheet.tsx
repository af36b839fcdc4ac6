import SearchIcon from '@mui/icons-material/Search';
import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { TextInput } from '../../components/text-input';
import { useRouteParams } from '../../lib/route-params';
import { useLoggedIn } from '../../lib/session';
import { SideSheet } from '../side-sheet';
import { useUiState } from '../ui-state';
import { searchNamespaces, searchProviders } from './search-providers';
import { SearchResults } from './search-results';

// The result groups are titled from other namespaces; asking for them here loads them as the sheet
// first opens, not as the first results arrive (which would blank the open sheet while they load).
const namespaces = ['common', ...searchNamespaces] as const;

export function SearchSheet() {
  const { t } = useTranslation(namespaces);
  const { sheet, setSheet } = useUiState();
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  const params = useRouteParams();
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const open = sheet === 'search';

  const results = useQuery({
    queryKey: ['search', params.corporationId, params.workspaceId, query],
    enabled: open && loggedIn && query.length > 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      Promise.all(
        searchProviders.map(async (provider) => ({
          provider,
          results: await provider.search({ query, signal, queryClient, ...params }),
        })),
      ),
  });
  const groups = (results.data ?? []).filter((group) => group.results.length > 0);
  const close = () => setSheet(null);

  return (
    <SideSheet open={open} onClose={close} title={t('search.title')} testId="search-sheet">
      {loggedIn ? (
        <>
          <Box sx={{ p: 2.5, pb: 1 }}>
            <TextInput
              autoFocus
              type="search"
              label={t('search.label')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              startAdornment={
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              }
            />
          </Box>
          {!query && <EmptyState title={t('search.hintTitle')} text={t('search.hint')} />}
          {query && results.isSuccess && groups.length === 0 && (
            <EmptyState icon={<SearchOff />} title={t('search.noResults', { query })} />
          )}
          {query && <SearchResults groups={groups} onNavigate={close} />}
        </>
      ) : (
        <EmptyState icon={<SearchIcon />} title={t('search.loggedOut')} />
      )}
    </SideSheet>
  );
}
