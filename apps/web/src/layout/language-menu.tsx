import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag } from '../components/flag';
import { Hint } from '../components/hint';
import { languages } from '../lib/languages';

// The menu itself loads on first use; the button is all the first paint needs.
const LanguageMenuList = lazy(() =>
  import('./language-menu-list').then((m) => ({ default: m.LanguageMenuList })),
);

export function LanguageMenu() {
  const { t, i18n } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const current = languages.find((language) => language.code === i18n.language) ?? languages[0]!;
  const label = t('topBar.language', { language: t(`languages.${current.code}`) });

  return (
    <>
      <Hint title={label}>
        <IconButton
          onClick={(event) => {
            setUsed(true);
            setAnchor(event.currentTarget);
          }}
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? 'language-menu' : undefined}
        >
          <Flag flag={current.flagName} width={24} />
        </IconButton>
      </Hint>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenuList anchor={anchor} current={current.code} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
