import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LogoMark } from '../../../components/logo';
import { useDocumentTitle } from '../../../components/page';

/** The frame of every login-area screen: a centred card with the mark, a heading and the form. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        background: (theme) =>
          `radial-gradient(1200px 400px at 50% -10%, ${theme.palette.primary.main}1f, transparent 70%)`,
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Card sx={{ boxShadow: '0 12px 40px rgba(20, 24, 51, 0.08)' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4.5 }, '&:last-child': { pb: { xs: 3, sm: 4.5 } } }}>
            <Box sx={{ mb: 3 }}>
              <LogoMark size={40} />
            </Box>
            <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: subtitle ? 1 : 3 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography component="div" color="text.secondary" sx={{ mb: 3 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
        {footer && (
          <Box sx={{ mt: 2.5, textAlign: 'center', color: 'text.secondary', typography: 'body2' }}>
            {footer}
          </Box>
        )}
      </Box>
    </Box>
  );
}
