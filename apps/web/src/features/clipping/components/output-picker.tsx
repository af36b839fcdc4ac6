import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useOutputs } from '../../outputs/api/list-outputs';
import type { OutputItem as Output } from '../../outputs/api/types';

/** Only these latency profiles keep segments back in time (1 h and 1 d). */
export const hasDvr = (output: Pick<Output, 'latency'>) =>
  output.latency === 'high' || output.latency === 'very-high';
export const isLive = (output: Pick<Output, 'input'>) => output.input === 'main' || output.input === 'backup';

const labelOf = (o: Output) => o.name;
const sameOutput = (a: Output, b: Output) => a.id === b.id;

/** Picks a player of the workspace by name, saying which are live and which keep a DVR window. */
export function OutputPicker({
  workspaceId,
  value,
  onChange,
}: {
  workspaceId: string;
  value: string | null;
  onChange: (output: Output | null) => void;
}) {
  const { t } = useTranslation('clipping');
  const outputs = useOutputs(workspaceId || undefined);
  // Live players with a DVR first: they are what one clips most.
  const options = [...(outputs.data ?? [])].sort(
    (a, b) =>
      Number(hasDvr(b)) - Number(hasDvr(a)) ||
      Number(isLive(b)) - Number(isLive(a)) ||
      a.name.localeCompare(b.name),
  );
  const selected = options.find((o) => o.id === value) ?? null;
  return (
    <Autocomplete<Output>
      options={options}
      value={selected}
      onChange={(_, next) => onChange(next)}
      getOptionLabel={labelOf}
      isOptionEqualToValue={sameOutput}
      loading={outputs.isPending && Boolean(workspaceId)}
      loadingText={t('source.loading')}
      noOptionsText={t('source.noPlayers')}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {option.name}
            </Typography>
            {!hasDvr(option) && (
              <Typography variant="caption" color="text.secondary">
                {t('source.noDvr')}
              </Typography>
            )}
          </Box>
          {isLive(option) && <Chip size="small" color="error" label={t('source.live')} />}
          {hasDvr(option) && (
            <Chip size="small" variant="outlined" label={t(`source.dvr.${option.latency}`)} />
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label={t('source.player')} placeholder={t('source.search')} />
      )}
    />
  );
}
