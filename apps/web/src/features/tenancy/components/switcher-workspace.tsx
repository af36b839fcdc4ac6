import Check from '@mui/icons-material/Check';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { WorkspaceData } from '../../../lib/types';

export function SwitcherWorkspace({
  workspace,
  corporationName,
  active,
  nested = false,
  onSelect,
}: {
  workspace: WorkspaceData;
  corporationName?: string;
  active: boolean;
  nested?: boolean;
  onSelect: (corporationId: string, workspaceId: string) => void;
}) {
  return (
    <li>
      <ListItemButton
        selected={active}
        aria-current={active ? 'true' : undefined}
        onClick={() => onSelect(workspace.corporationId, workspace.id)}
        sx={{ pl: nested ? 7 : 2 }}
      >
        {!nested && (
          <ListItemIcon>
            <WorkspacesOutlined />
          </ListItemIcon>
        )}
        <ListItemText primary={workspace.name} secondary={corporationName} />
        {active && <Check color="primary" fontSize="small" />}
      </ListItemButton>
    </li>
  );
}
