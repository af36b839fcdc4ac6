import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { entryPath, type NavigationEntry } from '../lib/navigation';
import { navigationIcons } from '../lib/navigation-icons';

interface Props {
  groups: NavigationEntry[][];
  params: { corporationId?: string; workspaceId?: string };
  /** `drawer` shows long titles beside the icon, `rail` short titles below it. */
  variant: 'drawer' | 'rail';
  onNavigate?: () => void;
}

export function NavigationList({ groups, params, variant, onNavigate }: Props) {
  const { t } = useTranslation('navigation');
  const { pathname } = useLocation();
  const isActive = (path: string, home: boolean) =>
    home ? pathname === path : pathname === path || pathname.startsWith(`${path}/`);

  return (
    <Box sx={{ px: variant === 'rail' ? 1 : 1.5, py: 1.5 }}>
      {groups.map((group, index) => (
        <Fragment key={group[0]?.name ?? index}>
          {index > 0 && <Divider sx={{ my: 1, mx: variant === 'rail' ? 1 : 1.5 }} />}
          <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
            {group.map((entry) => {
              const path = entryPath(entry, params);
              const active = isActive(path, !entry.to);
              const Icon = navigationIcons[entry.name];
              const long = t(`entries.${entry.name}.long`);
              return (
                <li key={entry.name}>
                  {variant === 'drawer' ? (
                    <ListItemButton
                      href={path}
                      selected={active}
                      aria-current={active ? 'page' : undefined}
                      onClick={onNavigate}
                      sx={{ minHeight: 44, px: 1.5 }}
                    >
                      <ListItemIcon sx={{ minWidth: 40 }}>
                        <Icon />
                      </ListItemIcon>
                      <ListItemText primary={long} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
                    </ListItemButton>
                  ) : (
                    <Tooltip title={long} placement="right" describeChild>
                      <ListItemButton
                        href={path}
                        selected={active}
                        aria-current={active ? 'page' : undefined}
                        onClick={onNavigate}
                        sx={{
                          flexDirection: 'column',
                          gap: 0.5,
                          py: 1,
                          px: 0.5,
                          textAlign: 'center',
                        }}
                      >
                        <Icon />
                        <Box component="span" sx={{ fontSize: '0.72rem', fontWeight: 600, lineHeight: 1.2 }}>
                          {t(`entries.${entry.name}.short`)}
                        </Box>
                      </ListItemButton>
                    </Tooltip>
                  )}
                </li>
              );
            })}
          </List>
        </Fragment>
      ))}
    </Box>
  );
}
