import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../components/error-alert';
import { api } from '../lib/api-client';
import { corporationsQueryOptions } from '../lib/queries/corporations';
import { workspacesQueryOptions } from '../lib/queries/workspaces';

/**
 * Accept or decline an invitation from its notification. Accepting adds the corporation and its workspaces
 * to the switcher at once; the answered notification then goes away, so `onAnswered` says how it went.
 */
export function InvitationActions({
  invitationId,
  notificationId,
  corporationName,
  onAnswered,
}: {
  invitationId: string;
  notificationId: string;
  corporationName: string;
  onAnswered: (message: string) => void;
}) {
  const { t } = useTranslation('tenancy');
  const queryClient = useQueryClient();
  const respond = useMutation({
    mutationFn: async (accept: boolean) => {
      const invitation = await api.invitations.respond({ params: { id: invitationId }, body: { accept } });
      await api.notifications.remove({ params: { id: notificationId } }).catch(() => undefined);
      return invitation;
    },
    onSuccess: (invitation) => {
      onAnswered(
        invitation.status === 'accepted'
          ? t('invitationAnswer.accepted', { name: corporationName })
          : t('invitationAnswer.declined', { name: corporationName }),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: corporationsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      ]);
    },
  });
  return (
    <Box sx={{ mt: 1 }}>
      <ErrorAlert error={respond.error} />
      <Box sx={{ display: 'flex', gap: 1, mt: respond.error ? 1 : 0 }}>
        <Button
          size="small"
          variant="contained"
          loading={respond.isPending && respond.variables === true}
          disabled={respond.isPending}
          onClick={() => respond.mutate(true)}
          aria-label={t('invitationAnswer.acceptLabel', { name: corporationName })}
        >
          {t('invitationAnswer.accept')}
        </Button>
        <Button
          size="small"
          loading={respond.isPending && respond.variables === false}
          disabled={respond.isPending}
          onClick={() => respond.mutate(false)}
          aria-label={t('invitationAnswer.declineLabel', { name: corporationName })}
        >
          {t('invitationAnswer.decline')}
        </Button>
      </Box>
    </Box>
  );
}
