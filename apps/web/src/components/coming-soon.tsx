import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What an area shows until its feature is built: inside the shell, never a blank page. */
export function ComingSoon({ icon, area, text }: { icon?: ReactNode; area: string; text: string }) {
  const { t } = useTranslation('common');
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 3, md: 6 },
        borderRadius: 4,
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        background: (theme) =>
          `linear-gradient(180deg, ${theme.palette.background.paper} 0%, ${theme.palette.background.default} 100%)`,
      }}
    >
      <Box
        sx={{
          width: 72,
          height: 72,
          borderRadius: 4,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '& svg': { fontSize: 38 },
        }}
      >
        {icon ?? <ConstructionOutlined />}
      </Box>
      <Chip label={t('comingSoon.badge')} color="secondary" size="small" />
      <Typography variant="h2" component="p">
        {t('comingSoon.title', { area })}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {text}
      </Typography>
    </Paper>
  );
}
