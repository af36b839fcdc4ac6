import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Locale } from '@stromwerk/contracts/limits';
import { useTranslation } from 'react-i18next';
import { Flag } from '../components/flag';
import { useChangeLanguage } from '../features/account/hooks/use-change-language';
import { languages } from '../lib/languages';

export function LanguageMenuList({
  anchor,
  current,
  onClose,
}: {
  anchor: HTMLElement | null;
  current: Locale;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const changeLanguage = useChangeLanguage();
  return (
    <Menu
      id="language-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {languages.map((language) => (
        <MenuItem
          key={language.code}
          selected={language.code === current}
          lang={language.code}
          onClick={() => {
            onClose();
            void changeLanguage(language.code);
          }}
        >
          <ListItemIcon>
            <Flag flag={language.flagName} width={22} />
          </ListItemIcon>
          <ListItemText>{t(`languages.${language.code}`)}</ListItemText>
          {language.code === current && <Check fontSize="small" color="primary" sx={{ ml: 2 }} />}
        </MenuItem>
      ))}
    </Menu>
  );
}
