import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '@stromwerk/client/api-error';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePostComment } from '../api/play-comments';

/** A viewer's comment: name and text. With moderation `approval` it shows after a member approves it. */
export function CommentForm({
  outputId,
  token,
  approval,
}: {
  outputId: string;
  token: string;
  approval: boolean;
}) {
  const { t } = useTranslation('player');
  const [author, setAuthor] = useState('');
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);
  const post = usePostComment(outputId, token);
  const missing = (value: string) => (submitted && !value.trim() ? t('comments.required') : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSent(false);
    if (!author.trim() || !text.trim()) return;
    post.mutate(
      { author: author.trim(), text: text.trim() },
      {
        onSuccess: () => {
          setText('');
          setSubmitted(false);
          setSent(true);
        },
      },
    );
  };

  const code = post.error instanceof ApiError ? post.error.code : undefined;
  const failure =
    code === 'FORBIDDEN'
      ? t('comments.closed')
      : code === 'RATE_LIMITED'
        ? t('failed.rateLimited')
        : t('comments.failed');
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        size="small"
        label={t('comments.author')}
        value={author}
        onChange={(e) => setAuthor(e.target.value)}
        required
        autoComplete="nickname"
        error={Boolean(missing(author))}
        helperText={missing(author)}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <TextField
        size="small"
        label={t('comments.text')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setSent(false);
        }}
        required
        multiline
        minRows={2}
        maxRows={6}
        error={Boolean(missing(text))}
        helperText={missing(text)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="small" loading={post.isPending}>
          {t('comments.submit')}
        </Button>
        {approval && !sent && (
          <Typography variant="caption" color="text.secondary">
            {t('comments.approvalNotice')}
          </Typography>
        )}
      </Box>
      {sent && (
        <Alert severity="success" role="status">
          {approval ? t('comments.sentForApproval') : t('comments.sent')}
        </Alert>
      )}
      {post.error && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
    </Box>
  );
}
