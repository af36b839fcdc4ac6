import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ErrorCode } from '@stromwerk/contracts/errors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';

/** A yes/no question before something that cannot be undone (delete, rotate a key). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  destructive = true,
  pending = false,
  error,
  errorOverrides,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  pending?: boolean;
  error?: unknown;
  /** More precise texts for some error codes (keys with their namespace). */
  errorOverrides?: Partial<Record<ErrorCode, string>>;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{text}</DialogContentText>
        <ErrorAlert error={error} overrides={errorOverrides} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          loading={pending}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
