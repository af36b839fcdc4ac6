import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** A titled card used for the sections of settings pages; labelled for screen readers. */
export function SectionCard({
  title,
  description,
  children,
  tone,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  tone?: 'danger';
}) {
  const id = useId();
  return (
    <Card
      component="section"
      aria-labelledby={id}
      sx={tone === 'danger' ? { borderColor: 'error.light' } : undefined}
    >
      <CardContent>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', mb: description ? 0.5 : 2 }}>
          {title}
        </Typography>
        {description && (
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
