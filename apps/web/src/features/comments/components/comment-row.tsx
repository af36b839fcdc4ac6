import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { ListRow } from '../../../components/list-row';
import { formatRelative } from '../../../lib/format-stream';
import type { CommentItem } from '../api/types';

/** One comment: who wrote it where and when, its text (as plain text, never HTML), and the actions. */
export function CommentRow({
  comment,
  outputName,
  now,
  selected,
  pending,
  onToggle,
  onApprove,
  onEdit,
  onDelete,
}: {
  comment: CommentItem;
  outputName: string;
  now: number;
  selected: boolean;
  pending: boolean;
  onToggle: () => void;
  onApprove: (approved: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('comments');
  const headingId = `comment-${comment.id}`;
  const approveLabel = comment.approved
    ? t('unapproveFor', { author: comment.author })
    : t('approveFor', { author: comment.author });
  return (
    <ListRow
      headingId={headingId}
      title={comment.author}
      badges={
        <>
          <Chip
            size="small"
            color={comment.approved ? 'success' : 'warning'}
            variant={comment.approved ? 'outlined' : 'filled'}
            label={comment.approved ? t('state.approved') : t('state.unapproved')}
            sx={{ fontWeight: 600 }}
          />
          {comment.byMember && <Chip size="small" label={t('byMember')} />}
        </>
      }
      selectLabel={t('select', { author: comment.author })}
      selected={selected}
      onToggle={onToggle}
      accent={comment.approved ? 'success.main' : 'warning.main'}
      actions={
        <>
          <Tooltip title={comment.approved ? t('unapprove') : t('approve')}>
            <IconButton
              aria-label={approveLabel}
              onClick={() => !pending && onApprove(!comment.approved)}
              aria-disabled={pending || undefined}
              color={comment.approved ? 'default' : 'success'}
            >
              {comment.approved ? <RemoveCircleOutline /> : <CheckCircleOutline />}
            </IconButton>
          </Tooltip>
          <EditDeleteButtons
            editTooltip={t('edit')}
            editLabel={t('editFor', { author: comment.author })}
            deleteTooltip={t('delete.action')}
            deleteLabel={t('delete.actionFor', { author: comment.author })}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('meta', { output: outputName, time: formatRelative(comment.createdAt, now, i18n.language) })}
      </Typography>
      <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.text}</Typography>
    </ListRow>
  );
}
