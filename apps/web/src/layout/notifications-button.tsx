import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Hint } from '../components/hint';
import { useConnectionStatus } from '../lib/connection-status';
import { countUnread, useNotificationsSeen } from '../lib/notifications-seen';
import { meQueryOptions } from '../lib/queries/me';
import { useLoggedIn } from '../lib/session';
import { useNotifications } from '../live/use-notifications';
import { ConnectionDot } from './connection-dot';
import { useUiState } from './ui-state';

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** The signed-in user's due notifications and how many arrived since the sheet was last opened. */
export function useUnreadNotifications() {
  const loggedIn = useLoggedIn();
  const me = useQuery({ ...meQueryOptions(), enabled: loggedIn }).data;
  const notifications = useNotifications();
  const userId = loggedIn ? me?.id : undefined;
  const [seen, markSeen] = useNotificationsSeen(userId);
  const items = userId ? notifications.items : [];
  return { ...notifications, items, userId, seen, markSeen, unread: countUnread(items, seen) };
}

/**
 * The top bar's bell: opens the notifications sheet, shows the unread count as a badge and the live
 * connection as a dot. The name stays "Notifications"; count and connection are its description.
 */
export function NotificationsButton() {
  const { t } = useTranslation('common');
  const { t: tTenancy } = useTranslation('tenancy');
  const { setSheet } = useUiState();
  const { unread } = useUnreadNotifications();
  const status = useConnectionStatus();
  const descriptionId = useId();
  const description = [
    status ? t(`connection.${status}`) : null,
    unread > 0 ? tTenancy('notifications.unread', { count: unread }) : null,
  ].filter(Boolean);

  return (
    <Hint title={t('topBar.notifications')}>
      <IconButton
        onClick={() => setSheet('notifications')}
        aria-label={t('topBar.notifications')}
        aria-describedby={description.length > 0 ? descriptionId : undefined}
        data-unread={unread}
      >
        <Badge
          badgeContent={unread}
          max={99}
          color="primary"
          overlap="circular"
          data-testid="notifications-badge"
          slotProps={{ badge: { 'aria-hidden': true } as object }}
        >
          <ConnectionDot>
            <NotificationsOutlined />
          </ConnectionDot>
        </Badge>
        {description.length > 0 && (
          <span id={descriptionId} style={visuallyHidden}>
            {description.join('. ')}
          </span>
        )}
      </IconButton>
    </Hint>
  );
}
