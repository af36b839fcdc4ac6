import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { Page } from './page';

export function NotFoundPage({ title, text }: { title?: string; text?: string }) {
  const { t } = useTranslation('common');
  return (
    <Page title={title ?? t('notFound.title')}>
      <EmptyState
        icon={<SearchOff />}
        title={text ?? t('notFound.text')}
        action={
          <Button variant="contained" href="/">
            {t('notFound.home')}
          </Button>
        }
      />
    </Page>
  );
}
