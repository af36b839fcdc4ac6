import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Spec section 5: 'You have unsaved changes!' when leaving a dirty form inside the app. */
export function UnsavedChangesDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Dialog open onClose={onStay} aria-labelledby="unsaved-title" aria-describedby="unsaved-text">
      <DialogTitle id="unsaved-title">{t('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-text">{t('unsaved.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          {t('unsaved.stay')}
        </Button>
        <Button color="error" onClick={onLeave}>
          {t('unsaved.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
