import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
import { useFormat } from '../lib/format';
import { newestTime } from '../lib/notifications-seen';
import { useLoggedIn } from '../lib/session';
import { useDeleteNotification } from '../live/use-notifications';
import { InvitationActions } from './invitation-actions';
import { useUnreadNotifications } from './notifications-button';
import { SideSheet } from './side-sheet';
import { useUiState } from './ui-state';

/** Re-renders every `ms` so relative times ("5 minutes ago") stay true while the sheet is open. */
function useNow(active: boolean, ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
  return now;
}

/**
 * The delete button is about to leave the page with its item: hand focus to the next item's button (or
 * the previous one, or the sheet's first button) so the keyboard stays in the sheet and Escape closes it.
 */
function moveFocusFromRemovedItem(button: HTMLElement) {
  const item = button.closest('li');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  const target =
    neighbour?.querySelector<HTMLElement>('button') ??
    button.closest('[role="dialog"]')?.querySelector<HTMLElement>('button:not([disabled])');
  if (target && target !== button) target.focus();
}

const time = (value: Date | string) => new Date(value).getTime();

type Translate = (key: string, options: Record<string, unknown>) => string;

/** `notifications.kind.<kind>` with the notification's data; permissions as a translated list. */
function notificationText(
  notification: { kind: string; data: Record<string, unknown> },
  t: Translate,
  tTenancy: Translate,
  list: (values: readonly string[]) => string,
): string {
  const data = notification.data;
  const permissions = Array.isArray(data.permissions)
    ? list(data.permissions.map((p) => tTenancy(`permissions.${String(p)}`, { defaultValue: String(p) })))
    : '';
  const values = {
    corporationName: typeof data.corporationName === 'string' ? data.corporationName : '—',
    name: typeof data.name === 'string' ? data.name : '—',
    permissions: permissions || '—',
  };
  return t(`notifications.kind.${notification.kind}`, { ...values, defaultValue: notification.kind });
}

export function NotificationsSheet() {
  // The notification texts live in `tenancy`, which loads with this sheet (not in the bundled `common`).
  const { t } = useTranslation('tenancy');
  const tTenancy = t;
  const { sheet, setSheet } = useUiState();
  const open = sheet === 'notifications';
  const loggedIn = useLoggedIn();
  const { items, isLoading, userId, seen, markSeen } = useUnreadNotifications();
  const remove = useDeleteNotification();
  const format = useFormat();
  const now = useNow(open);
  // Unread while the sheet was closed, kept as highlighted until it closes again.
  const [highlightAfter, setHighlightAfter] = useState<number | null>(null);
  // How an invitation was answered: its notification is gone, so the sheet says it (and takes focus).
  const [answered, setAnswered] = useState('');
  const answeredRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answered) answeredRef.current?.focus();
  }, [answered]);

  const sorted = useMemo(() => [...items].sort((a, b) => time(b.createdAt) - time(a.createdAt)), [items]);
  const newest = newestTime(items);

  // biome-ignore lint/correctness/useExhaustiveDependencies: captured once per opening
  useEffect(() => {
    setHighlightAfter(open ? seen : null);
    setAnswered('');
  }, [open]);

  // Everything listed while the sheet is open counts as seen, including what arrives meanwhile.
  useEffect(() => {
    if (open && newest > 0) markSeen(newest);
  }, [open, newest, markSeen]);

  return (
    <SideSheet
      open={open}
      onClose={() => setSheet(null)}
      title={t('notifications.title')}
      testId="notifications-sheet"
    >
      {answered && (
        <Alert severity="success" role="status" ref={answeredRef} tabIndex={-1} sx={{ m: 2 }}>
          {answered}
        </Alert>
      )}
      {loggedIn && isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={t('notifications.loading')} />
        </Box>
      ) : sorted.length === 0 || !userId ? (
        <EmptyState
          icon={<NotificationsNoneOutlined />}
          title={loggedIn ? t('notifications.emptyTitle') : t('notifications.loggedOutTitle')}
          text={loggedIn ? t('notifications.emptyText') : t('notifications.loggedOutText')}
        />
      ) : (
        <List aria-label={t('notifications.listLabel')} data-testid="notifications-list">
          {sorted.map((notification) => {
            const unread = highlightAfter !== null && time(notification.createdAt) > highlightAfter;
            return (
              <ListItem
                key={notification.id}
                divider
                data-notification-kind={notification.kind}
                data-unread={unread || undefined}
                sx={unread ? { bgcolor: 'action.selected' } : undefined}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('notifications.delete')}
                    disabled={remove.isPending && remove.variables === notification.id}
                    onClick={(event) => {
                      moveFocusFromRemovedItem(event.currentTarget);
                      remove.mutate(notification.id);
                    }}
                  >
                    <DeleteOutlined />
                  </IconButton>
                }
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <ListItemText
                    primary={notificationText(notification, t, tTenancy, format.list)}
                    secondary={
                      <time
                        dateTime={new Date(notification.createdAt).toISOString()}
                        title={format.dateTime(notification.createdAt)}
                      >
                        {format.relativeTime(notification.createdAt, now)}
                      </time>
                    }
                  />
                  {notification.kind === 'invitation-received' && notification.entityId && (
                    <InvitationActions
                      invitationId={notification.entityId}
                      notificationId={notification.id}
                      corporationName={String(notification.data.corporationName ?? '')}
                      onAnswered={setAnswered}
                    />
                  )}
                </Box>
              </ListItem>
            );
          })}
        </List>
      )}
    </SideSheet>
  );
}
