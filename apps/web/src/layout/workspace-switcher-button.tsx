import SwapHoriz from '@mui/icons-material/SwapHoriz';
import UnfoldMore from '@mui/icons-material/UnfoldMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Hint } from '../components/hint';
import { useActiveContext } from '../lib/use-active-context';
import { useUiState } from './ui-state';

/** Opens the workspace switcher dialog; shows where the user is. */
export function WorkspaceSwitcherButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation('common');
  const { setSwitcherOpen } = useUiState();
  const { corporation, workspace } = useActiveContext();
  const current = workspace?.name ?? corporation?.name;
  const label = current ? t('topBar.switchWorkspaceFrom', { name: current }) : t('topBar.switchWorkspace');

  if (compact) {
    return (
      <Hint title={label}>
        <IconButton onClick={() => setSwitcherOpen(true)} aria-label={label} aria-haspopup="dialog">
          <SwapHoriz />
        </IconButton>
      </Hint>
    );
  }
  return (
    <Button
      onClick={() => setSwitcherOpen(true)}
      aria-haspopup="dialog"
      aria-label={label}
      variant="outlined"
      color="inherit"
      endIcon={<UnfoldMore />}
      sx={{
        borderColor: 'divider',
        maxWidth: { sm: 240, md: 340 },
        minWidth: 0,
        justifyContent: 'space-between',
        fontWeight: 500,
      }}
    >
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {corporation && workspace ? (
          <>
            <Box component="span" sx={{ color: 'text.secondary', display: { sm: 'none', md: 'inline' } }}>
              {corporation.name} /{' '}
            </Box>
            {workspace.name}
          </>
        ) : (
          (current ?? t('topBar.selectWorkspace'))
        )}
      </Box>
    </Button>
  );
}
