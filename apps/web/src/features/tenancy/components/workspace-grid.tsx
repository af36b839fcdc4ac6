import Box from '@mui/material/Box';
import type { WorkspaceData } from '../../../lib/types';
import { WorkspaceCard } from './workspace-card';

export function WorkspaceGrid({
  workspaces,
  corporationName,
  label,
}: {
  workspaces: WorkspaceData[];
  corporationName?: (workspace: WorkspaceData) => string | undefined;
  label?: string;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
      }}
    >
      {workspaces.map((workspace) => (
        <li key={workspace.id}>
          <WorkspaceCard workspace={workspace} corporationName={corporationName?.(workspace)} />
        </li>
      ))}
    </Box>
  );
}
