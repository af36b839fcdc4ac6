import Add from '@mui/icons-material/Add';
import History from '@mui/icons-material/History';
import Search from '@mui/icons-material/Search';
import SearchOff from '@mui/icons-material/SearchOff';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { TextInput } from '../../../components/text-input';
import { useMe } from '../../../lib/queries/me';
import { matchesName } from '../../../lib/search';
import { useActiveContext } from '../../../lib/use-active-context';
import { useLastVisited } from '../hooks/use-last-visited';
import { CorporationWorkspaces } from './corporation-workspaces';
import { WorkspaceGrid } from './workspace-grid';

/** Home (/): last visited workspaces, a search, and every workspace by corporation. */
export function WorkspaceSelectionPage() {
  const { t } = useTranslation('tenancy');
  const { corporations, workspaces } = useActiveContext();
  const lastVisited = useLastVisited(useMe()?.id);
  const [search, setSearch] = useState('');
  const query = search.trim();
  const corporationName = new Map(corporations.map((c) => [c.id, c.name]));
  const nameOf = (w: { corporationId: string }) => corporationName.get(w.corporationId);

  const recent = lastVisited
    .map((visit) => workspaces.find((w) => w.id === visit.workspaceId))
    .filter((w) => w !== undefined);
  const matches = workspaces.filter((w) => matchesName(w.name, query));

  return (
    <Page
      title={t('selection.title')}
      subtitle={t('selection.subtitle')}
      actions={
        <Button variant="contained" startIcon={<Add />} href="/add-workspace">
          {t('switcher.add')}
        </Button>
      }
    >
      {corporations.length === 0 ? (
        <EmptyState
          icon={<WorkspacesOutlined />}
          title={t('switcher.noWorkspacesAtAll')}
          text={t('selection.noneText')}
        />
      ) : (
        <>
          <TextInput
            type="search"
            label={t('selection.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ mb: 4, maxWidth: 480 }}
            startAdornment={
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            }
          />
          {query ? (
            <Box component="section" aria-labelledby="search-results-title">
              <Typography id="search-results-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
                {t('selection.results', { count: matches.length })}
              </Typography>
              {matches.length ? (
                <WorkspaceGrid workspaces={matches} corporationName={nameOf} />
              ) : (
                <EmptyState icon={<SearchOff />} title={t('switcher.noMatches', { query })} />
              )}
            </Box>
          ) : (
            <>
              {recent.length > 0 && (
                <Box component="section" aria-labelledby="recent-title" sx={{ mb: 5 }}>
                  <Typography
                    id="recent-title"
                    variant="h2"
                    sx={{ fontSize: '1.15rem', mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}
                  >
                    <History color="primary" aria-hidden="true" /> {t('selection.recent')}
                  </Typography>
                  <WorkspaceGrid workspaces={recent.slice(0, 6)} corporationName={nameOf} />
                </Box>
              )}
              {corporations.map((corporation) => (
                <CorporationWorkspaces
                  key={corporation.id}
                  corporation={corporation}
                  workspaces={workspaces.filter((w) => w.corporationId === corporation.id)}
                />
              ))}
            </>
          )}
        </>
      )}
    </Page>
  );
}
