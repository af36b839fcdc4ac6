import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';
import { EmptyState } from './empty-state';
import { ErrorAlert } from './error-alert';

/** What a row needs from the list: whether it is selected, and how to toggle or delete it. */
export interface RowControls {
  selected: boolean;
  onToggle: () => void;
  onDelete: () => void;
}

/**
 * The list screens of a workspace (issue 11: sources, targets, players, comments): a toolbar, the
 * selection bar with its bulk actions, the list, its empty state and the delete confirmation. Texts come
 * from the screen's namespace `ns`: `selectAll`, `count`, `listLabel`, `loading` and `delete.title`,
 * `delete.text` (plural, given `count` and `deleteValues` of the first item), `delete.confirm`.
 * Deleting one row or the selection is one request: `remove` takes the ids.
 */
export function SelectableList<T extends { id: string }>({
  ns,
  items,
  total = items.length,
  loading,
  error,
  bulkError,
  empty,
  toolbar,
  bulkActions,
  remove,
  deleteValues,
  deleteConsequences,
  selectionKey = '',
  footer,
  renderItem,
}: {
  ns: string;
  items: readonly T[];
  /** Items in the whole list, when more than `items` exist (paged lists). */
  total?: number;
  loading: boolean;
  error?: unknown;
  /** The failure of a bulk action of the page. */
  bulkError?: unknown;
  empty: { icon: ReactNode; title: string; text?: string; action?: ReactNode };
  /** Above the list, also while it is empty (filters). */
  toolbar?: ReactNode;
  /** Actions on the selection besides delete. */
  bulkActions?: (selection: T[]) => ReactNode;
  remove: Pick<UseMutationResult<unknown, Error, string[]>, 'mutate' | 'isPending' | 'error' | 'reset'>;
  deleteValues: (item: T | undefined) => Record<string, string>;
  /** What else deleting these ids changes (other resources that depend on them), under the text. */
  deleteConsequences?: (ids: readonly string[]) => ReactNode;
  /** The selection is cleared when this changes (a new filter). */
  selectionKey?: string;
  footer?: ReactNode;
  renderItem: (item: T, controls: RowControls) => ReactNode;
}) {
  // The screen's texts; `t` is common's (the key test reads literal keys of `t` only).
  const { t: tl } = useTranslation(ns);
  const { t } = useTranslation('common');
  const [selection, setSelection] = useState({ key: selectionKey, ids: new Set<string>() });
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const selected = selection.key === selectionKey ? selection.ids : new Set<string>();
  const select = (ids: Set<string>) => setSelection({ key: selectionKey, ids });
  const visible = items.filter((i) => selected.has(i.id));
  const allSelected = items.length > 0 && visible.length === items.length;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    select(next);
  };
  const count = deleting?.length ?? 1;

  return (
    <>
      {toolbar}
      <ErrorAlert error={error} />
      {loading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={tl('loading')} />
        </Box>
      ) : items.length === 0 && !error ? (
        <Card variant="outlined">
          <EmptyState {...empty} />
        </Card>
      ) : (
        <>
          <Box
            sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5, minHeight: 40 }}
          >
            <Checkbox
              checked={allSelected}
              indeterminate={visible.length > 0 && !allSelected}
              onChange={() => select(allSelected ? new Set() : new Set(items.map((i) => i.id)))}
              slotProps={{ input: { 'aria-label': tl('selectAll') } }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
              {visible.length > 0
                ? t('list.selected', { count: visible.length })
                : tl('count', { count: total })}
            </Typography>
            {visible.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {bulkActions?.(visible)}
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  onClick={() => setDeleting(visible.map((i) => i.id))}
                >
                  {t('list.delete')}
                </Button>
              </Box>
            )}
          </Box>
          {visible.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('list.warning')}
            </Alert>
          )}
          <ErrorAlert error={bulkError} />
          <Box
            component="ul"
            aria-label={tl('listLabel')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {items.map((item) =>
              renderItem(item, {
                selected: selected.has(item.id),
                onToggle: () => toggle(item.id),
                onDelete: () => setDeleting([item.id]),
              }),
            )}
          </Box>
          {footer}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={tl('delete.title', { count })}
        text={
          <>
            {count > 1 && (
              <Alert severity="warning" sx={{ mb: 1.5 }}>
                {t('list.warning')}
              </Alert>
            )}
            {tl('delete.text', { count, ...deleteValues(items.find((i) => i.id === deleting?.[0])) })}
            {deleting && deleteConsequences?.(deleting)}
          </>
        }
        confirmLabel={tl('delete.confirm')}
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
              select(new Set([...selected].filter((id) => !deleting.includes(id))));
              setDeleting(null);
            },
          })
        }
      />
    </>
  );
}
