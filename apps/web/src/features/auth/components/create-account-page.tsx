import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { currentLocale } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { firstWorkspaceId } from '../api/first-workspace';
import { useInvitationByCode } from '../api/get-invitation-by-code';
import { useRegister } from '../api/register';
import { type CreateAccountValues, registerBody } from '../form-bodies';
import { AuthCard } from './auth-card';
import { CreateAccountForm } from './create-account-form';
import { InvitationCodeForm } from './invitation-code-form';

/** Opened from the invitation mail /login/create-account?code=…; ends inside the invited workspace. */
export function CreateAccountPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const invitation = useInvitationByCode(code);
  const register = useRegister();
  const navigate = useNavigate();

  const submit = (values: CreateAccountValues, markClean: () => void) => {
    register.mutate(
      {
        ...registerBody(values),
        invitationCode: code,
        language: currentLocale(),
      },
      {
        onSuccess: async (result) => {
          markClean();
          const invited = invitation.data;
          // Corporation-wide invitations name no workspace: land in the corporation's first one.
          let target = invited ? `/${invited.corporationId}` : '/';
          if (invited?.workspaceId) {
            target = `/${invited.corporationId}/${invited.workspaceId}`;
          } else if (invited) {
            const first = await firstWorkspaceId(result.token, invited.corporationId);
            if (first) target = `/${invited.corporationId}/${first}`;
          }
          session.start(result.token);
          navigate(target, { replace: true });
        },
      },
    );
  };

  const footer = (
    <>
      {t('createAccount.haveAccount')} <Link href="/login">{t('login.submit')}</Link>
    </>
  );

  if (!code) {
    return (
      <AuthCard title={t('createAccount.title')} footer={footer}>
        <InvitationCodeForm onCode={(typed) => setParams({ code: typed })} />
      </AuthCard>
    );
  }
  if (invitation.isPending) {
    return (
      <AuthCard title={t('createAccount.title')} footer={footer}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label={t('createAccount.checking')} />
        </Box>
      </AuthCard>
    );
  }
  if (invitation.isError || invitation.data.status !== 'pending') {
    return (
      <AuthCard title={t('createAccount.title')} footer={footer}>
        <Alert severity="error" role="alert" sx={{ mb: 2.5 }}>
          {t('createAccount.invalidCode')}
        </Alert>
        <InvitationCodeForm onCode={(typed) => setParams({ code: typed })} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('createAccount.title')}
      subtitle={t('createAccount.invited', { corporation: invitation.data.corporationName })}
      footer={footer}
    >
      <ErrorAlert error={register.error} />
      <CreateAccountForm email={invitation.data.email} pending={register.isPending} onSubmit={submit} />
    </AuthCard>
  );
}
