import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TextInput } from '../../../components/text-input';
import { matchesName } from '../../../lib/search';
import { useActiveContext } from '../../../lib/use-active-context';
import { SwitcherCorporation } from './switcher-corporation';
import { SwitcherWorkspace } from './switcher-workspace';

/**
 * Spec section 2 "Workspace switcher dialog": search by name (case-insensitive substring); without
 * search text the corporations, each expandable to its workspaces, the active one highlighted.
 */
export function WorkspaceSwitcherDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tenancy');
  const navigate = useNavigate();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const { corporations, workspaces, corporation, workspace } = useActiveContext();
  const [search, setSearch] = useState('');
  const query = search.trim();

  const select = (corporationId: string, workspaceId: string) => {
    onClose();
    navigate(`/${corporationId}/${workspaceId}`);
  };
  const corporationName = new Map(corporations.map((c) => [c.id, c.name]));
  const matches = query ? workspaces.filter((w) => matchesName(w.name, query)) : [];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="switcher-title"
      slotProps={{ paper: { 'data-testid': 'workspace-switcher' } as object }}
    >
      <DialogTitle id="switcher-title">{t('switcher.title')}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, minHeight: 320 }}>
        <Box sx={{ p: 2, pb: 1 }}>
          <TextInput
            autoFocus
            type="search"
            label={t('switcher.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            startAdornment={
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            }
          />
        </Box>
        {corporations.length === 0 ? (
          <Typography sx={{ px: 3, py: 4, color: 'text.secondary' }} role="status">
            {t('switcher.noWorkspacesAtAll')}
          </Typography>
        ) : query ? (
          matches.length === 0 ? (
            <Typography sx={{ px: 3, py: 4, color: 'text.secondary' }} role="status">
              {t('switcher.noMatches', { query })}
            </Typography>
          ) : (
            <List aria-label={t('switcher.results')} sx={{ px: 1 }}>
              {matches.map((w) => (
                <SwitcherWorkspace
                  key={w.id}
                  workspace={w}
                  corporationName={corporationName.get(w.corporationId)}
                  active={w.id === workspace?.id}
                  onSelect={select}
                />
              ))}
            </List>
          )
        ) : (
          <List aria-label={t('switcher.corporations')} sx={{ px: 1 }}>
            {corporations.map((c) => (
              <SwitcherCorporation
                key={c.id}
                corporation={c}
                workspaces={workspaces.filter((w) => w.corporationId === c.id)}
                activeWorkspaceId={workspace?.id}
                initiallyOpen={c.id === (corporation?.id ?? corporations[0]?.id)}
                onSelect={select}
                onLeave={onClose}
              />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 2 }}>
        <Button startIcon={<Add />} href="/add-workspace" onClick={onClose}>
          {t('switcher.add')}
        </Button>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
