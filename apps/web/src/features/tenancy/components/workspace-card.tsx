import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { WorkspaceData } from '../../../lib/types';

/** A workspace as a tile leading into it; the initial stands in for a logo. */
export function WorkspaceCard({
  workspace,
  corporationName,
}: {
  workspace: WorkspaceData;
  corporationName?: string;
}) {
  return (
    <Card
      sx={{ height: '100%', transition: 'border-color .15s', '&:hover': { borderColor: 'primary.main' } }}
    >
      <CardActionArea
        href={`/${workspace.corporationId}/${workspace.id}`}
        sx={{
          height: '100%',
          p: 2.25,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          justifyContent: 'flex-start',
        }}
      >
        <Box
          aria-hidden="true"
          sx={{
            width: 44,
            height: 44,
            flexShrink: 0,
            borderRadius: 2.5,
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            fontSize: '1.1rem',
            color: 'primary.dark',
            bgcolor: 'rgba(55, 48, 196, 0.1)',
          }}
        >
          {workspace.name.trim().charAt(0).toUpperCase()}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {workspace.name}
          </Typography>
          {corporationName && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {corporationName}
            </Typography>
          )}
        </Box>
        <ArrowForward fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden="true" />
      </CardActionArea>
    </Card>
  );
}
