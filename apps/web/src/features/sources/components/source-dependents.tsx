import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { outputsQueryOptions } from '../../outputs/api/list-outputs';
import { targetsQueryOptions } from '../../targets/api/list-targets';

/**
 * What deleting these sources does to the rest of the workspace (issue 13.6): the targets they feed stop
 * and lose their feed, the players using them lose that input. Said in the delete confirmation.
 */
export function SourceDependents({ workspaceId, ids }: { workspaceId: string; ids: readonly string[] }) {
  const { t } = useTranslation('sources');
  const format = useFormat();
  const targets = useQuery(targetsQueryOptions(workspaceId));
  const outputs = useQuery(outputsQueryOptions(workspaceId));
  const doomed = new Set(ids);
  const fed = (targets.data ?? []).filter((target) => target.sourceId && doomed.has(target.sourceId));
  const players = (outputs.data ?? []).flatMap((output) => {
    const inputs = [
      doomed.has(output.mainSourceId ?? '') && t('delete.mainInput'),
      doomed.has(output.backupSourceId ?? '') && t('delete.backupInput'),
    ].filter((input): input is string => Boolean(input));
    return inputs.length > 0 ? [`${output.name} (${format.list(inputs)})`] : [];
  });
  if (fed.length === 0 && players.length === 0) return null;
  return (
    <Box component="ul" sx={{ mt: 1.5, mb: 0, pl: 2.5 }} aria-label={t('delete.dependents')}>
      {fed.length > 0 && (
        <li>
          {t('delete.targets', { count: fed.length, names: format.list(fed.map((target) => target.name)) })}
        </li>
      )}
      {players.length > 0 && (
        <li>{t('delete.players', { count: players.length, names: format.list(players) })}</li>
      )}
    </Box>
  );
}
