import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Spec section 5 for dialogs (issue 13.5): Cancel, Escape or a click beside a dialog with unsaved changes
 * asks "You have unsaved changes!" first, as leaving a full page does. The form reports whether it is
 * dirty (`setDirty`); the dialog closes through `requestClose`; a save closes through `close`.
 */
export function useDiscardGuard(onClose: () => void) {
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const close = useCallback(() => {
    dirty.current = false;
    setAsking(false);
    onClose();
  }, [onClose]);
  const requestClose = useCallback(() => (dirty.current ? setAsking(true) : close()), [close]);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  return { requestClose, close, setDirty, asking, stay: () => setAsking(false) };
}

/** The question itself, rendered beside the guarded dialog. */
export function DiscardChangesDialog({ guard }: { guard: ReturnType<typeof useDiscardGuard> }) {
  const { t } = useTranslation('common');
  return (
    <ConfirmDialog
      open={guard.asking}
      title={t('unsaved.title')}
      text={t('unsaved.text')}
      confirmLabel={t('unsaved.leave')}
      onClose={guard.stay}
      onConfirm={guard.close}
    />
  );
}
