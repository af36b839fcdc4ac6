import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Stop from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../components/use-error-message';
import { useFormat } from '../../../lib/format';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useSourceViewers } from '../api/source-viewers';
import type { PublishState } from '../hooks/use-whip-publish';
import { PublishError } from '../hooks/whip-offer';
import { SourceStateChip } from './source-state-chip';

/** The failure in the user's words: the browser's side worded here, the server's refusal by its code. */
function usePublishErrorText(t: TFunction<'sources'>) {
  const describe = useErrorMessage();
  return (error: unknown) =>
    error instanceof PublishError
      ? t(`studio.error.${error.reason}`, { message: error.message })
      : describe(error);
}

/**
 * Start and stop, what the studio's own connection does, and what the server says about the source: its
 * live state (kept fresh by the live updates of the workspace's sources) and its viewers.
 */
export function StudioBroadcast({
  source,
  publish,
  canStart,
}: {
  source: SourceItem;
  publish: PublishState & { start: () => void; stop: () => void };
  canStart: boolean;
}) {
  const { t } = useTranslation('sources');
  const errorText = usePublishErrorText(t);
  const sending = publish.phase !== 'idle' && publish.phase !== 'failed';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {sending ? (
          <Button variant="contained" color="error" startIcon={<Stop />} onClick={publish.stop}>
            {t('studio.stop')}
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<FiberManualRecord />}
            disabled={!canStart}
            onClick={publish.start}
          >
            {t('studio.start')}
          </Button>
        )}
        <Typography role="status" color={publish.phase === 'failed' ? 'error' : 'text.secondary'}>
          {t(`studio.phase.${publish.phase}`)}
        </Typography>
      </Box>
      {publish.phase === 'failed' && (
        <Alert severity="error" role="alert">
          {errorText(publish.error)}
        </Alert>
      )}
      <SourceFacts source={source} />
    </Box>
  );
}

/** The source as the server sees it: live or not, and how many watch the players it feeds. */
function SourceFacts({ source }: { source: SourceItem }) {
  const { t } = useTranslation('sources');
  const format = useFormat();
  const { players, viewers, pending } = useSourceViewers(source.workspaceId, source.id);
  const names = format.list(players.map((p) => p.name));
  const row = { display: 'flex', alignItems: 'center', gap: 1.5 };
  return (
    <Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        <Box sx={row}>
          <Typography component="dt" color="text.secondary">
            {t('studio.sourceState')}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <SourceStateChip state={source.state} />
          </Box>
        </Box>
        <Box sx={row}>
          <Typography component="dt" color="text.secondary">
            {t('studio.viewers')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {viewers === undefined || pending ? '–' : format.number(viewers)}
          </Typography>
        </Box>
      </Box>
      {!pending && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {players.length === 0
            ? t('studio.noPlayers')
            : t('studio.viewersOf', { count: players.length, names })}
        </Typography>
      )}
    </Box>
  );
}
