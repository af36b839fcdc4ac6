import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { DraftItem } from '../api/drafts';
import { type DraftChange, type DraftDoc, draftChanges } from '../draft-changes';

/** One line of the notice: a part of the draft and what the other save did to it. */
function useDescribe() {
  const { t } = useTranslation('editor');
  const format = useFormat();
  return (change: DraftChange): string => {
    const part = t(`conflict.parts.${change.part}`);
    if (change.part === 'name') return t('conflict.renamed', { name: change.to });
    if (change.part === 'transitions') return t('conflict.joins', { count: change.changed });
    if (change.part === 'output')
      return t('conflict.output', { keys: format.list(change.keys.map((k) => t(`conflict.keys.${k}`))) });
    const counts = [
      change.added ? t('conflict.added', { count: change.added }) : null,
      change.removed ? t('conflict.removed', { count: change.removed }) : null,
      change.changed ? t('conflict.changed', { count: change.changed }) : null,
      change.reordered ? t('conflict.reordered') : null,
    ].filter((s): s is string => s !== null);
    return `${part}: ${format.list(counts)}`;
  };
}

/**
 * Shown when another save made this copy stale (a 409 or a live message with a newer revision): when it
 * was saved, what it changed against the version this editor started from, and the two ways on. Nothing
 * is overwritten without the user choosing "Keep mine".
 */
export function ConflictNotice({
  base,
  latest,
  onReload,
  onKeepMine,
  busy,
}: {
  /** The version this editor last loaded or saved. */
  base: DraftDoc;
  latest: DraftItem;
  onReload: () => void;
  onKeepMine: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('editor');
  const format = useFormat();
  const describe = useDescribe();
  const changes = draftChanges(base, latest);
  return (
    <Alert
      severity="warning"
      role="alert"
      // Stays in view under the top bar while the user works further down the page (a long draft), where
      // the notice appears: at the top of the page it went unseen.
      sx={{
        position: 'sticky',
        // Below the fixed top bar (56 px high on phones, 64 px from 600 px up) with a little air.
        top: { xs: 64, sm: 72 },
        zIndex: (theme) => theme.zIndex.appBar - 1,
        boxShadow: 6,
        maxHeight: '45vh',
        overflowY: 'auto',
      }}
    >
      <AlertTitle>{t('conflict.title', { time: format.dateTime(latest.updatedAt) })}</AlertTitle>
      {changes.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('conflict.theirChanges')}>
          {changes.map((change) => (
            <li key={change.part}>{describe(change)}</li>
          ))}
        </Box>
      ) : (
        t('conflict.unknown')
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button variant="outlined" color="inherit" size="small" onClick={onReload} disabled={busy}>
          {t('conflict.reload')}
        </Button>
        <Button variant="outlined" color="inherit" size="small" onClick={onKeepMine} disabled={busy}>
          {t('conflict.keepMine')}
        </Button>
      </Box>
    </Alert>
  );
}
