import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Latency } from '@stromwerk/contracts/outputs';
import type { LadderRung } from '@stromwerk/contracts/values';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPicker } from '../../../components/media-picker';
import { NamePicker } from '../../../components/name-picker';
import type { SourceItem } from '../../../lib/queries/source-item';
import {
  type Behaviour,
  behaviours,
  type Direction,
  directions,
  ladderRungs,
  latencies,
  type SectionProps,
} from './output-form-values';

/** Spec "Player settings": where the program comes from and how it is played out and kept. */
export function ProgramSection({
  values,
  set,
  err,
  sources,
  workspaceId,
}: SectionProps & { sources: SourceItem[]; workspaceId: string }) {
  const { t } = useTranslation('outputs');
  const behaviourLabel = useId();
  const choices = sources.map((source) => ({ id: source.id, name: source.name }));
  const sourcePicker = (field: 'mainSourceId' | 'backupSourceId', label: string, help: string) => (
    <NamePicker
      options={choices}
      value={values[field]}
      onChange={(id) => set(field, id)}
      label={label}
      placeholder={t('form.none')}
      noMatchText={t('form.noSourceMatch')}
      error={Boolean(err(field))}
      helperText={err(field) ?? help}
    />
  );
  return (
    <>
      {sourcePicker('mainSourceId', t('fields.mainIngest'), t('form.mainIngestHelp'))}
      {sourcePicker('backupSourceId', t('fields.backupIngest'), t('form.backupIngestHelp'))}
      <MediaPicker
        className="full"
        workspaceId={workspaceId}
        label={t('fields.fallbackMedia')}
        value={values.fallbackMediaId}
        onChange={(id) => set('fallbackMediaId', id)}
        error={Boolean(err('fallbackMediaId'))}
        helperText={err('fallbackMediaId') ?? t('form.fallbackHelp')}
      />
      <FormControl className="full" component="fieldset">
        <FormLabel id={behaviourLabel} component="legend" sx={{ mb: 0.5 }}>
          {t('fields.behaviour')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={behaviourLabel}
          value={values.behaviour}
          onChange={(e) => set('behaviour', e.target.value as Behaviour)}
        >
          {behaviours.map((behaviour) => (
            <FormControlLabel
              key={behaviour}
              value={behaviour}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { mt: -0.75 } }}
              label={
                <Box>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                    {t(`behaviour.${behaviour}`)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t(`behaviourHelp.${behaviour}`)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        select
        label={t('fields.latency')}
        value={values.latency}
        onChange={(e) => set('latency', e.target.value as Latency)}
        helperText={t(`latencyHelp.${values.latency}`)}
      >
        {latencies.map((latency) => (
          <MenuItem key={latency} value={latency}>
            {t(`latency.${latency}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('fields.ladder')}
        value={values.ladder}
        onChange={(e) => set('ladder', e.target.value as unknown as LadderRung[])}
        error={Boolean(err('ladder'))}
        helperText={err('ladder') ?? t('form.ladderHelp')}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (v) => {
              const picked = ladderRungs.filter((r) => (v as LadderRung[]).includes(r));
              return picked.length === 0
                ? t('ladder.sourceOnly')
                : picked.map((r) => t(`ladder.${r}`)).join(', ');
            },
          },
          inputLabel: { shrink: true },
        }}
      >
        {ladderRungs.map((rung) => (
          <MenuItem key={rung} value={rung}>
            {t(`ladder.${rung}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('fields.direction')}
        value={values.direction}
        onChange={(e) => set('direction', e.target.value as Direction)}
      >
        {directions.map((direction) => (
          <MenuItem key={direction} value={direction}>
            {t(`direction.${direction}`)}
          </MenuItem>
        ))}
      </TextField>
      <SwitchField
        label={t('fields.recording')}
        help={t('form.recordingHelp')}
        checked={values.recording}
        onChange={(checked) => set('recording', checked)}
      />
      <SwitchField
        label={t('fields.vodAfterStream')}
        help={t('form.vodHelp')}
        checked={values.vodAfterStream}
        onChange={(checked) => set('vodAfterStream', checked)}
      />
    </>
  );
}

/** A switch with its label and a line of explanation under it. */
export function SwitchField({
  label,
  help,
  checked,
  onChange,
  className,
}: {
  label: string;
  help?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <Box className={className}>
      <FormControlLabel
        control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />}
        label={label}
      />
      {help && (
        <Typography variant="body2" color="text.secondary" sx={{ ml: 6.5, mt: -0.5 }}>
          {help}
        </Typography>
      )}
    </Box>
  );
}
