import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TargetType } from '@stromwerk/contracts/targets';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscardChangesDialog, useDiscardGuard } from '../../../components/discard-guard';
import { ErrorAlert } from '../../../components/error-alert';
import { NamePicker } from '../../../components/name-picker';
import { errorText } from '../../../lib/forms/messages';
import type { OutputFeed } from '../../../lib/queries/output-feeds';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useCreateTarget, useUpdateTarget } from '../api/save-target';
import type { TargetItem } from '../api/types';
import { PlatformFields } from './platform-fields';
import {
  initialValues,
  isPlatformType,
  serverErrors,
  toSettings,
  types,
  type Values,
  validate,
} from './target-form-values';

/** Create or edit a live-stream target: where a feed is pushed (RTMP, SRT, Icecast or a live platform). */
export function TargetFormDialog({
  open,
  target,
  sources,
  outputs,
  workspaceId,
  onClose,
}: {
  open: boolean;
  target: TargetItem | null;
  sources: SourceItem[];
  outputs: OutputFeed[];
  workspaceId: string;
  onClose: () => void;
}) {
  const guard = useDiscardGuard(onClose);
  return (
    <Dialog
      open={open}
      onClose={guard.requestClose}
      aria-labelledby="target-form-title"
      maxWidth="sm"
      fullWidth
      fullScreen={useMediaQuery('(max-width:599px)')}
    >
      {open && (
        <TargetForm
          target={target}
          sources={sources}
          outputs={outputs}
          workspaceId={workspaceId}
          onCancel={guard.requestClose}
          onSaved={guard.close}
          onDirty={guard.setDirty}
        />
      )}
      <DiscardChangesDialog guard={guard} />
    </Dialog>
  );
}

function TargetForm({
  target,
  sources,
  outputs,
  workspaceId,
  onCancel,
  onSaved,
  onDirty,
}: {
  target: TargetItem | null;
  sources: SourceItem[];
  outputs: OutputFeed[];
  workspaceId: string;
  onCancel: () => void;
  onSaved: () => void;
  /** Whether the values differ from what the dialog opened with (Cancel then asks first). */
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('targets');
  const { t: tCommon } = useTranslation('common');
  const [initial] = useState<Values>(() => initialValues(target, sources));
  const [values, setValues] = useState<Values>(initial);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateTarget();
  const update = useUpdateTarget();
  const mutation = target ? update : create;
  const errors = validate(values);
  const refused = serverErrors(mutation.error, values.type);
  const err = (field: keyof Values) => {
    const error = (submitted && errors[field]) || refused[field];
    return error ? errorText(t, error) : undefined;
  };
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    // A refusal of the server speaks of what was sent; an edit starts over.
    if (mutation.error) mutation.reset();
    setValues((v) => ({ ...v, [field]: value }));
  };
  const text = (field: keyof Values, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={values[field] as string}
      onChange={(e) => set(field, e.target.value as never)}
      error={Boolean(err(field))}
      {...extra}
      helperText={err(field) ?? extra.helperText}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const body = {
      name: values.name.trim(),
      enabled: values.enabled,
      sourceId: values.feed.startsWith('source:') ? values.feed.slice(7) : null,
      outputId: values.feed.startsWith('output:') ? values.feed.slice(7) : null,
      settings: toSettings(values),
    };
    const done = { onSuccess: onSaved };
    if (target) update.mutate({ id: target.id, body }, done);
    else create.mutate({ ...body, workspaceId }, done);
  };

  const secretHelp = target ? t('form.secretKept') : undefined;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogTitle id="target-form-title">{target ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
      <DialogContent dividers>
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            '& > .full': { gridColumn: '1 / -1' },
          }}
        >
          {text('name', t('fields.name'), { required: true, autoFocus: true, className: 'full' })}
          <TextField
            select
            label={t('fields.type')}
            value={values.type}
            onChange={(e) => set('type', e.target.value as TargetType)}
          >
            {types.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`type.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <NamePicker
            options={[
              ...sources.map((s) => ({ id: `source:${s.id}`, name: s.name, group: t('form.feedSources') })),
              ...outputs.map((o) => ({ id: `output:${o.id}`, name: o.name, group: t('form.feedPlayers') })),
            ]}
            value={values.feed}
            onChange={(feed) => set('feed', feed)}
            label={t('fields.source')}
            placeholder={t('form.noSource')}
            noMatchText={t('form.noFeedMatch')}
            error={Boolean(err('feed'))}
            helperText={err('feed')}
          />
          {values.type === 'rtmp' && (
            <>
              {text('rtmpUrl', t('fields.rtmpUrl'), {
                required: true,
                className: 'full',
                placeholder: 'rtmp://live.example.com/app',
              })}
              {text('rtmpKey', t('fields.streamKey'), {
                className: 'full',
                helperText: secretHelp,
                autoComplete: 'off',
              })}
            </>
          )}
          {values.type === 'srt' && (
            <>
              {text('srtHost', t('fields.host'), { required: true, placeholder: 'srt.example.com' })}
              {text('srtPort', t('fields.port'), {
                required: true,
                slotProps: { htmlInput: { inputMode: 'numeric' } },
              })}
              {text('srtLatency', t('fields.latency'), {
                slotProps: { htmlInput: { inputMode: 'numeric' } },
              })}
              {text('srtStreamId', t('fields.streamId'))}
              {text('srtPassphrase', t('fields.passphrase'), {
                className: 'full',
                autoComplete: 'off',
                helperText: secretHelp ?? t('form.passphraseHelp'),
              })}
            </>
          )}
          {values.type === 'icecast' && (
            <>
              {text('iceUrl', t('fields.icecastUrl'), {
                required: true,
                className: 'full',
                placeholder: 'http://icecast.example.com:8000',
              })}
              {text('iceMount', t('fields.mount'), { required: true, placeholder: '/live.mp3' })}
              {text('iceUser', t('fields.username'), { required: true })}
              {text('icePassword', t('fields.password'), {
                required: true,
                type: 'password',
                autoComplete: 'new-password',
                helperText: secretHelp,
              })}
              <TextField
                select
                label={t('fields.format')}
                value={values.iceFormat}
                onChange={(e) => set('iceFormat', e.target.value as 'mp3' | 'aac')}
              >
                <MenuItem value="mp3">MP3</MenuItem>
                <MenuItem value="aac">AAC</MenuItem>
              </TextField>
              {text('iceBitrate', t('fields.bitrate'), {
                slotProps: { htmlInput: { inputMode: 'numeric' } },
              })}
            </>
          )}
          {isPlatformType(values.type) && (
            <PlatformFields
              type={values.type}
              values={values}
              workspaceId={workspaceId}
              set={set}
              err={err}
              text={text}
            />
          )}
          <FormControlLabel
            className="full"
            control={<Switch checked={values.enabled} onChange={(e) => set('enabled', e.target.checked)} />}
            label={t('fields.enabled')}
          />
          {submitted && Object.keys(errors).length > 0 && (
            <Alert severity="error" className="full">
              {t('validation.fixErrors')}
            </Alert>
          )}
          <Box className="full">
            <ErrorAlert error={mutation.error} />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel}>{tCommon('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={mutation.isPending}>
          {target ? tCommon('actions.save') : t('form.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
