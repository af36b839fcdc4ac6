import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/loading-screen';
import { Page } from '../../../components/page';
import { useFormat } from '../../../lib/format';
import { useMe } from '../../../lib/queries/me';
import { ApiKeysCard } from './api-keys-card';
import { AvatarCard } from './avatar-card';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';

/** /user/settings: profile (name, language), avatar, email address, password, login sessions and API keys. */
export function UserSettingsPage() {
  const { t } = useTranslation('account');
  const format = useFormat();
  const me = useMe();
  // Loaded at start-up; should it be refetched from scratch, the frame stays with a spinner.
  if (!me) {
    return (
      <Page title={t('settings.title')} maxWidth={820}>
        <PageLoading />
      </Page>
    );
  }
  return (
    <Page
      title={t('settings.title')}
      subtitle={t('settings.subtitle', { date: format.date(me.createdAt) })}
      maxWidth={820}
    >
      <Stack spacing={3}>
        <AvatarCard user={me} />
        <ProfileCard key={`${me.name}|${me.language}`} user={me} />
        <EmailCard user={me} />
        <PasswordCard userId={me.id} />
        <SessionsCard />
        <ApiKeysCard userId={me.id} />
      </Stack>
    </Page>
  );
}
