import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionStatus } from '../lib/connection-status';

const colors = { connected: 'success.main', loading: 'warning.main', disconnected: 'error.main' } as const;

/**
 * The live connection's status as a dot on the notifications button; hidden until a client reports. Inside
 * the button it is presentational for screen readers, so the button repeats the status in its description.
 */
export function ConnectionDot({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const status = useConnectionStatus();
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
      {children}
      {status && (
        <Box
          component="span"
          role="img"
          aria-label={t(`connection.${status}`)}
          data-connection-status={status}
          sx={{
            position: 'absolute',
            // Bottom right: the unread badge takes the top right corner.
            bottom: 0,
            right: 0,
            width: 9,
            height: 9,
            borderRadius: '50%',
            bgcolor: colors[status],
            boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
          }}
        />
      )}
    </Box>
  );
}
