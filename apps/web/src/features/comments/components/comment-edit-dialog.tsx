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
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { useEditComment } from '../api/edit-comment';
import type { CommentItem } from '../api/types';

const MAX_LENGTH = 2000;

/** Correct a comment's text (e.g. remove a phone number) without deleting it. */
export function CommentEditDialog({
  comment,
  onClose,
}: {
  comment: CommentItem | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={Boolean(comment)} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="comment-edit">
      {comment && <EditForm comment={comment} onClose={onClose} />}
    </Dialog>
  );
}

function EditForm({ comment, onClose }: { comment: CommentItem; onClose: () => void }) {
  const { t } = useTranslation('comments');
  const { t: tCommon } = useTranslation('common');
  const [text, setText] = useState(comment.text);
  const [submitted, setSubmitted] = useState(false);
  const edit = useEditComment();
  const markClean = useUnsavedChanges(text !== comment.text);
  const error = !text.trim() ? t('validation.required') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error) return;
    edit.mutate(
      { id: comment.id, text: text.trim() },
      {
        onSuccess: () => {
          markClean();
          onClose();
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogTitle id="comment-edit">{t('editTitle', { author: comment.author })}</DialogTitle>
      <DialogContent dividers>
        <TextField
          label={t('fields.text')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={3}
          maxRows={12}
          fullWidth
          autoFocus
          required
          error={submitted && Boolean(error)}
          helperText={(submitted && error) || `${text.length} / ${MAX_LENGTH}`}
          slotProps={{ htmlInput: { maxLength: MAX_LENGTH } }}
        />
        <ErrorAlert error={edit.error} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{tCommon('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={edit.isPending}>
          {tCommon('actions.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
