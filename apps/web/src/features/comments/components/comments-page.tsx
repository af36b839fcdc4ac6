import ForumOutlined from '@mui/icons-material/ForumOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { SelectableList } from '../../../components/selectable-list';
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
  const [editing, setEditing] = useState<CommentItem | null>(null);
  const approve = useSetApproved();
  const remove = useDeleteComments();

  if (!features.has('comments')) {
    return (
      <Page title={t('title')} subtitle={workspace?.name}>
        <EmptyState icon={<LockOutlined />} title={t('notAvailable')} />
      </Page>
    );
  }

  const outputList = outputs.data ?? [];
  const outputName = (id: string) => outputList.find((o) => o.id === id)?.name ?? t('unknownOutput');
  const setApproved = (selection: CommentItem[], approved: boolean) =>
    approve.mutate({ ids: selection.map((c) => c.id), approved });

  return (
    <Page title={t('title')} subtitle={workspace?.name}>
      <SelectableList
        ns="comments"
        items={comments.items}
        total={comments.total}
        loading={comments.isPending && Boolean(workspaceId)}
        error={comments.error}
        bulkError={approve.error}
        toolbar={<CommentFilters filter={filter} outputs={outputList} onChange={setFilter} />}
        selectionKey={`${filter.outputId} ${filter.status}`}
        empty={{
          icon: <ForumOutlined />,
          title: filter.outputId || filter.status !== 'all' ? t('noMatchTitle') : t('emptyTitle'),
          text: t('emptyText'),
        }}
        bulkActions={(selection) => (
          <>
            <Button
              size="small"
              variant="outlined"
              color="success"
              disabled={approve.isPending}
              onClick={() => setApproved(selection, true)}
            >
              {t('bulk.approve')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              disabled={approve.isPending}
              onClick={() => setApproved(selection, false)}
            >
              {t('bulk.unapprove')}
            </Button>
          </>
        )}
        remove={remove}
        deleteValues={(comment) => ({ author: comment?.author ?? '' })}
        renderItem={(comment, row) => (
          <CommentRow
            key={comment.id}
            comment={comment}
            outputName={outputName(comment.outputId)}
            now={now}
            selected={row.selected}
            pending={approve.isPending}
            onToggle={row.onToggle}
            onApprove={(approved) => setApproved([comment], approved)}
            onEdit={() => setEditing(comment)}
            onDelete={row.onDelete}
          />
        )}
        footer={
          comments.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Button onClick={() => comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
                {t('loadMore')}
              </Button>
            </Box>
          )
        }
      />
      <CommentEditDialog comment={editing} onClose={() => setEditing(null)} />
    </Page>
  );
}
