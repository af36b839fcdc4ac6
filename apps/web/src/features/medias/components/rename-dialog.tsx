import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useRenameMedia } from '../api/rename-media';
import type { MediaItem } from '../api/types';

export function RenameDialog({ media, onClose }: { media: MediaItem | null; onClose: () => void }) {
  return (
    <Dialog open={media !== null} onClose={onClose} maxWidth="xs" fullWidth>
      {media && <RenameForm media={media} onClose={onClose} />}
    </Dialog>
  );
}

function RenameForm({ media, onClose }: { media: MediaItem; onClose: () => void }) {
  const { t } = useTranslation('medias');
  const { t: tCommon } = useTranslation('common');
  const [name, setName] = useState(media.name);
  const [submitted, setSubmitted] = useState(false);
  const rename = useRenameMedia();
  const error = !name.trim() ? t('rename.required') : name.trim().length > 120 ? t('rename.tooLong') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error) return;
    if (name.trim() === media.name) return onClose();
    rename.mutate({ id: media.id, name: name.trim() }, { onSuccess: onClose });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogTitle>{t('rename.title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('rename.label')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          autoFocus
          fullWidth
          error={submitted && Boolean(error)}
          helperText={submitted ? error : undefined}
          slotProps={{ htmlInput: { maxLength: 120 } }}
          sx={{ mt: 1 }}
        />
        <ErrorAlert error={rename.error} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{tCommon('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={rename.isPending}>
          {t('rename.confirm')}
        </Button>
      </DialogActions>
    </Box>
  );
}
