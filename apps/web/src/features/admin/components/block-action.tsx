import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSetBlocked } from '../api/admin';

/**
 * Block or Unblock of one user or corporation, after a confirmation that names what happens: a blocked
 * user is logged out everywhere at once, a blocked corporation's members lose it until it is unblocked.
 */
export function BlockAction({
  kind,
  id,
  name,
  blocked,
}: {
  kind: 'user' | 'corporation';
  id: string;
  name: string;
  blocked: boolean;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const setBlocked = useSetBlocked(kind);
  const action = blocked ? 'unblock' : 'block';
  const close = () => {
    setOpen(false);
    setBlocked.reset();
  };
  return (
    <>
      <Button
        size="small"
        color={blocked ? 'primary' : 'error'}
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={t(`${action}.label`, { name })}
      >
        {t(`${action}.button`)}
      </Button>
      <ConfirmDialog
        open={open}
        title={t(`${action}.title`, { name })}
        text={t(`${action}.${kind}Effect`, { name })}
        confirmLabel={t(`${action}.button`)}
        destructive={!blocked}
        pending={setBlocked.isPending}
        error={setBlocked.error}
        onConfirm={() => setBlocked.mutate({ id, blocked: !blocked }, { onSuccess: close })}
        onClose={close}
      />
    </>
  );
}
