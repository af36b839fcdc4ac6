import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import Logout from '@mui/icons-material/Logout';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Hint } from '../components/hint';
import { UserAvatar } from '../features/account/components/user-avatar';
import { logout } from '../lib/logout';
import { useMe } from '../lib/queries/me';

export function UserMenu() {
  const { t } = useTranslation('common');
  const me = useMe();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  const onLogout = () => {
    setAnchor(null);
    logout();
    navigate('/login', { replace: true });
  };

  return (
    <>
      <Hint title={t('userMenu.label')} align="end">
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('userMenu.label')}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? 'user-menu' : undefined}
          sx={{ p: 0.5 }}
        >
          {me ? <UserAvatar user={me} /> : <AccountCircle sx={{ fontSize: 36 }} />}
        </IconButton>
      </Hint>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {me && (
          <Box sx={{ px: 2, pt: 1, pb: 1.5, maxWidth: 280 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {me.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {me.email}
            </Typography>
          </Box>
        )}
        {me && <Divider />}
        <MenuItem onClick={() => go('/user/settings')}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          {t('userMenu.settings')}
        </MenuItem>
        <MenuItem onClick={() => go('/user/socials')}>
          <ListItemIcon>
            <ShareOutlined fontSize="small" />
          </ListItemIcon>
          {t('userMenu.socials')}
        </MenuItem>
        {me?.isAdmin && (
          <MenuItem onClick={() => go('/admin')}>
            <ListItemIcon>
              <AdminPanelSettingsOutlined fontSize="small" />
            </ListItemIcon>
            {t('userMenu.admin')}
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={onLogout}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('userMenu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
