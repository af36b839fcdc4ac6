import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SHEET_WIDTH } from '../theme/theme';

/** A side sheet from the right, named by its title (spec: "search" or "notifications"). */
export function SideSheet({
  open,
  onClose,
  title,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the fixed top bar, like any modal.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          'data-testid': testId,
          sx: { width: { xs: '100vw', sm: SHEET_WIDTH }, maxWidth: '100vw' },
        } as object,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2.5,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem' }}>
          {title}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('actions.close')} edge="end">
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>{children}</Box>
    </Drawer>
  );
}
