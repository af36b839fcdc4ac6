import ForumOutlined from '@mui/icons-material/ForumOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useOutputFeeds } from '../../../lib/queries/output-feeds';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { useNow } from '../../../lib/use-now';
import { useSetApproved } from '../api/approve-comments';
import { useDeleteComments } from '../api/delete-comments';
import { useComments } from '../api/list-comments';
import type { CommentFilter, CommentItem } from '../api/types';
import { CommentEditDialog } from './comment-edit-dialog';
import { CommentFilters } from './comment-filters';
import { CommentRow } from './comment-row';

/** Spec "Comments Tool": every comment on the workspace's players, to approve, correct or remove. */
export function CommentsPage() {
  const { t } = useTranslation('comments');
  const { workspace, params } = useActiveContext();
  const features = useAvailableFeatures();
  const workspaceId = params.workspaceId ?? '';
  const [filter, setFilter] = useState<CommentFilter>({ outputId: '', status: 'all' });
  const comments = useComments(workspaceId || undefined, filter);
  const outputs = useOutputFeeds(workspaceId || undefined);
  const now = useNow(30_000);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<CommentItem | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const approve = useSetApproved();
  const remove = useDeleteComments();

  if (!features.has('comments')) {
    return (
      <Page title={t('title')} subtitle={workspace?.name}>
        <EmptyState icon={<LockOutlined />} title={t('notAvailable')} />
      </Page>
    );
  }

  const items = comments.items;
  const outputList = outputs.data ?? [];
  const outputName = (id: string) => outputList.find((o) => o.id === id)?.name ?? t('unknownOutput');
  const visibleSelection = items.filter((c) => selected.has(c.id));
  const allSelected = items.length > 0 && visibleSelection.length === items.length;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const changeFilter = (next: CommentFilter) => {
    setFilter(next);
    setSelected(new Set());
  };
  const bulkApprove = (value: boolean) =>
    approve.mutate({ ids: visibleSelection.map((c) => c.id), approved: value });

  return (
    <Page title={t('title')} subtitle={workspace?.name}>
      <CommentFilters filter={filter} outputs={outputList} onChange={changeFilter} />
      <ErrorAlert error={comments.error} />
      <ErrorAlert error={approve.error} />
      {comments.isPending && workspaceId ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : items.length === 0 && !comments.error ? (
        <Card variant="outlined">
          <EmptyState
            icon={<ForumOutlined />}
            title={filter.outputId || filter.status !== 'all' ? t('noMatchTitle') : t('emptyTitle')}
            text={t('emptyText')}
          />
        </Card>
      ) : (
        <>
          <Box
            sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5, minHeight: 40 }}
          >
            <Checkbox
              checked={allSelected}
              indeterminate={visibleSelection.length > 0 && !allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((c) => c.id)))}
              slotProps={{ input: { 'aria-label': t('selectAll') } }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
              {visibleSelection.length > 0
                ? t('selected', { count: visibleSelection.length })
                : t('count', { count: comments.total })}
            </Typography>
            {visibleSelection.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button
                  size="small"
                  variant="outlined"
                  color="success"
                  disabled={approve.isPending}
                  onClick={() => bulkApprove(true)}
                >
                  {t('bulk.approve')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={approve.isPending}
                  onClick={() => bulkApprove(false)}
                >
                  {t('bulk.unapprove')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  onClick={() => setDeleting(visibleSelection.map((c) => c.id))}
                >
                  {t('bulk.delete')}
                </Button>
              </Box>
            )}
          </Box>
          {visibleSelection.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('bulk.warning')}
            </Alert>
          )}
          <Box
            component="ul"
            aria-label={t('listLabel')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {items.map((comment) => (
              <CommentRow
                key={comment.id}
                comment={comment}
                outputName={outputName(comment.outputId)}
                now={now}
                selected={selected.has(comment.id)}
                pending={approve.isPending}
                onToggle={() => toggle(comment.id)}
                onApprove={(approved) => approve.mutate({ ids: [comment.id], approved })}
                onEdit={() => setEditing(comment)}
                onDelete={() => setDeleting([comment.id])}
              />
            ))}
          </Box>
          {comments.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Button onClick={() => comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
                {t('loadMore')}
              </Button>
            </Box>
          )}
        </>
      )}
      <CommentEditDialog comment={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title', { count: deleting?.length ?? 1 })}
        text={
          <>
            {deleting && deleting.length > 1 && (
              <Alert severity="warning" sx={{ mb: 1.5 }}>
                {t('bulk.warning')}
              </Alert>
            )}
            {t('delete.text', {
              count: deleting?.length ?? 1,
              author: items.find((c) => c.id === deleting?.[0])?.author ?? '',
            })}
          </>
        }
        confirmLabel={t('delete.confirm')}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              setSelected((current) => new Set([...current].filter((id) => !deleting.includes(id))));
              setDeleting(null);
            },
          })
        }
      />
    </Page>
  );
}
