import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PlaySession } from '@stromwerk/contracts/outputs';
import { useTranslation } from 'react-i18next';
import { formatRelative } from '../../../lib/format-stream';
import { useNow } from '../../../lib/use-now';
import { usePlayComments } from '../api/play-comments';
import { CommentForm } from './comment-form';

/** Approved comments, newest first, and the form to write one (none when comments are closed). */
export function CommentsPanel({
  outputId,
  token,
  moderation,
}: {
  outputId: string;
  token: string;
  moderation: PlaySession['moderation'];
}) {
  const { t, i18n } = useTranslation('player');
  const comments = usePlayComments(outputId, token, true);
  const now = useNow(30_000);
  const items = comments.data?.items ?? [];
  return (
    <Box
      component="section"
      aria-labelledby="player-comments-title"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Typography id="player-comments-title" variant="h2" sx={{ fontSize: '1.1rem', px: 2, pt: 2, pb: 1 }}>
        {t('comments.title')}
      </Typography>
      <Box sx={{ px: 2, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        {moderation === 'closed' ? (
          <Alert severity="info">{t('comments.closed')}</Alert>
        ) : (
          <CommentForm outputId={outputId} token={token} approval={moderation === 'approval'} />
        )}
      </Box>
      <Box
        component="ul"
        aria-label={t('comments.listLabel')}
        sx={{ listStyle: 'none', m: 0, px: 2, py: 1, overflowY: 'auto', flex: 1, minHeight: 0 }}
      >
        {items.length === 0 && !comments.isPending && (
          <Typography component="li" color="text.secondary" sx={{ py: 2 }}>
            {t('comments.empty')}
          </Typography>
        )}
        {items.map((comment) => (
          <Box component="li" key={comment.id} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
              <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {comment.author}
              </Typography>
              <Typography component="span" variant="caption" color="text.secondary">
                {formatRelative(comment.createdAt, now, i18n.language)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
