import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

const MAX = 120;

/** The draft's new name; it becomes an edit like any other (undoable, saved with the draft). */
export function RenameDialog({
  open,
  name,
  onRename,
  onClose,
}: {
  open: boolean;
  name: string;
  onRename: (name: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="rename-draft-title">
      {open && <RenameForm name={name} onRename={onRename} onClose={onClose} />}
    </Dialog>
  );
}

function RenameForm({
  name,
  onRename,
  onClose,
}: {
  name: string;
  onRename: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('editor');
  const { t: tCommon } = useTranslation('common');
  const [value, setValue] = useState(name);
  const [submitted, setSubmitted] = useState(false);
  const error = !value.trim() ? t('rename.required') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error) return;
    if (value.trim() !== name) onRename(value.trim());
    onClose();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogTitle id="rename-draft-title">{t('rename.title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('list.name')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
          autoFocus
          fullWidth
          error={submitted && Boolean(error)}
          helperText={submitted ? error : undefined}
          slotProps={{ htmlInput: { maxLength: MAX } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{tCommon('actions.cancel')}</Button>
        <Button type="submit" variant="contained">
          {t('rename.confirm')}
        </Button>
      </DialogActions>
    </Box>
  );
}
