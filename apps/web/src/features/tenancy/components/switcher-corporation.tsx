import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CorporationData, WorkspaceData } from '../../../lib/types';
import { SwitcherWorkspace } from './switcher-workspace';

export function SwitcherCorporation({
  corporation,
  workspaces,
  activeWorkspaceId,
  initiallyOpen,
  onSelect,
  onLeave,
}: {
  corporation: CorporationData;
  workspaces: WorkspaceData[];
  activeWorkspaceId?: string;
  initiallyOpen: boolean;
  onSelect: (corporationId: string, workspaceId: string) => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('tenancy');
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();

  return (
    <li>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <ListItemButton
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={panelId}
          sx={{ flex: 1 }}
        >
          <ListItemIcon>
            <BusinessOutlined />
          </ListItemIcon>
          <ListItemText
            primary={corporation.name}
            // Blocked in words: the switcher is part of /login's first load, a chip costs bytes there.
            secondary={
              corporation.blocked
                ? `${t('blocked')} · ${t('switcher.workspaceCount', { count: workspaces.length })}`
                : t('switcher.workspaceCount', { count: workspaces.length })
            }
            slotProps={{ primary: { sx: { fontWeight: 600 } } }}
          />
          {open ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
        <IconButton
          href={`/${corporation.id}`}
          onClick={onLeave}
          aria-label={t('switcher.corporationSettings', { name: corporation.name })}
        >
          <SettingsOutlined fontSize="small" />
        </IconButton>
      </Box>
      <Collapse in={open} id={panelId} unmountOnExit>
        {workspaces.length === 0 ? (
          <Box sx={{ pl: 7, pr: 2, py: 1.5 }}>
            <Typography color="text.secondary">{t('switcher.noWorkspaces')}</Typography>
            <Link href={`/add-workspace?corporation=${corporation.id}`} onClick={onLeave}>
              {t('switcher.createHere')}
            </Link>
          </Box>
        ) : (
          <List disablePadding>
            {workspaces.map((workspace) => (
              <SwitcherWorkspace
                key={workspace.id}
                workspace={workspace}
                active={workspace.id === activeWorkspaceId}
                nested
                onSelect={onSelect}
              />
            ))}
          </List>
        )}
      </Collapse>
    </li>
  );
}
