import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TargetSettings, TargetType } from '@stromwerk/contracts/targets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import type { OutputFeed } from '../../../lib/queries/output-feeds';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useCreateTarget, useUpdateTarget } from '../api/save-target';
import type { TargetItem } from '../api/types';

const types: TargetType[] = ['rtmp', 'srt', 'icecast'];

interface Values {
  name: string;
  type: TargetType;
  enabled: boolean;
  /** '' (none), 'source:<id>' or 'output:<id>' */
  feed: string;
  rtmpUrl: string;
  rtmpKey: string;
  srtHost: string;
  srtPort: string;
  srtLatency: string;
  srtPassphrase: string;
  srtStreamId: string;
  iceUrl: string;
  iceMount: string;
  iceUser: string;
  icePassword: string;
  iceFormat: 'mp3' | 'aac';
  iceBitrate: string;
}

function initialValues(target: TargetItem | null, sources: SourceItem[]): Values {
  const s = target?.settings;
  return {
    name: target?.name ?? '',
    type: target?.type ?? 'rtmp',
    enabled: target?.enabled ?? true,
    feed: target
      ? target.sourceId
        ? `source:${target.sourceId}`
        : target.outputId
          ? `output:${target.outputId}`
          : ''
      : sources[0]
        ? `source:${sources[0].id}`
        : '',
    rtmpUrl: s?.type === 'rtmp' ? s.url : '',
    rtmpKey: s?.type === 'rtmp' ? s.streamKey : '',
    srtHost: s?.type === 'srt' ? s.host : '',
    srtPort: s?.type === 'srt' ? String(s.port) : '',
    srtLatency: s?.type === 'srt' ? String(s.latencyMs) : '200',
    srtPassphrase: s?.type === 'srt' ? s.passphrase : '',
    srtStreamId: s?.type === 'srt' ? s.streamId : '',
    iceUrl: s?.type === 'icecast' ? s.url : '',
    iceMount: s?.type === 'icecast' ? s.mount : '',
    iceUser: s?.type === 'icecast' ? s.username : 'source',
    icePassword: s?.type === 'icecast' ? s.password : '',
    iceFormat: s?.type === 'icecast' ? s.format : 'mp3',
    iceBitrate: s?.type === 'icecast' ? String(s.bitrateKbps) : '128',
  };
}

type Errors = Partial<Record<keyof Values, string>>;
const MASKED = '********';

function intIn(value: string, min: number, max: number): boolean {
  const n = Number(value);
  return /^\d+$/.test(value.trim()) && n >= min && n <= max;
}

function validate(v: Values): Errors {
  const e: Errors = {};
  if (!v.name.trim()) e.name = 'validation.required';
  if (v.type === 'rtmp') {
    if (!v.rtmpUrl.trim()) e.rtmpUrl = 'validation.required';
    else if (!/^rtmps?:\/\/[^\s/]+\/\S*$/.test(v.rtmpUrl.trim())) e.rtmpUrl = 'validation.rtmpUrl';
  }
  if (v.type === 'srt') {
    if (!v.srtHost.trim()) e.srtHost = 'validation.required';
    else if (!/^[a-zA-Z0-9.:[\]-]+$/.test(v.srtHost.trim())) e.srtHost = 'validation.host';
    if (!v.srtPort.trim()) e.srtPort = 'validation.required';
    else if (!intIn(v.srtPort, 1, 65535)) e.srtPort = 'validation.port';
    if (!intIn(v.srtLatency, 20, 8000)) e.srtLatency = 'validation.latency';
    if (
      v.srtPassphrase &&
      v.srtPassphrase !== MASKED &&
      (v.srtPassphrase.length < 10 || v.srtPassphrase.length > 79)
    ) {
      e.srtPassphrase = 'validation.passphrase';
    }
  }
  if (v.type === 'icecast') {
    if (!v.iceUrl.trim()) e.iceUrl = 'validation.required';
    else if (!/^https?:\/\/[^\s/]+\/?$/.test(v.iceUrl.trim())) e.iceUrl = 'validation.icecastUrl';
    if (!v.iceMount.trim()) e.iceMount = 'validation.required';
    else if (!/^\/[\w.-]+$/.test(v.iceMount.trim())) e.iceMount = 'validation.mount';
    if (!v.iceUser.trim()) e.iceUser = 'validation.required';
    if (!v.icePassword) e.icePassword = 'validation.required';
    if (!intIn(v.iceBitrate, 32, 320)) e.iceBitrate = 'validation.bitrate';
  }
  return e;
}

function toSettings(v: Values): TargetSettings {
  switch (v.type) {
    case 'rtmp':
      return { type: 'rtmp', url: v.rtmpUrl.trim(), streamKey: v.rtmpKey.trim() };
    case 'srt':
      return {
        type: 'srt',
        host: v.srtHost.trim(),
        port: Number(v.srtPort),
        latencyMs: Number(v.srtLatency),
        passphrase: v.srtPassphrase,
        streamId: v.srtStreamId,
      };
    case 'icecast':
      return {
        type: 'icecast',
        url: v.iceUrl.trim(),
        mount: v.iceMount.trim(),
        username: v.iceUser.trim(),
        password: v.icePassword,
        format: v.iceFormat,
        bitrateKbps: Number(v.iceBitrate),
      };
  }
}

/** Create or edit a live-stream target: where a feed is pushed (RTMP, SRT or Icecast). */
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
  return (
    <Dialog
      open={open}
      onClose={onClose}
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
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function TargetForm({
  target,
  sources,
  outputs,
  workspaceId,
  onClose,
}: {
  target: TargetItem | null;
  sources: SourceItem[];
  outputs: OutputFeed[];
  workspaceId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('targets');
  const { t: tCommon } = useTranslation('common');
  const [values, setValues] = useState<Values>(() => initialValues(target, sources));
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateTarget();
  const update = useUpdateTarget();
  const mutation = target ? update : create;
  const errors = validate(values);
  const err = (field: keyof Values) => (submitted && errors[field] ? t(errors[field]) : undefined);
  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
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
    const done = { onSuccess: onClose };
    if (target) update.mutate({ id: target.id, body }, done);
    else create.mutate({ ...body, workspaceId }, done);
  };

  const secretHelp = target ? t('form.secretKept') : undefined;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogTitle>{target ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
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
          <TextField
            select
            label={t('fields.source')}
            value={values.feed}
            onChange={(e) => set('feed', e.target.value)}
          >
            <MenuItem value="">
              <em>{t('form.noSource')}</em>
            </MenuItem>
            {sources.length > 0 && <ListSubheader>{t('form.feedSources')}</ListSubheader>}
            {sources.map((source) => (
              <MenuItem key={source.id} value={`source:${source.id}`}>
                {source.name}
              </MenuItem>
            ))}
            {outputs.length > 0 && <ListSubheader>{t('form.feedPlayers')}</ListSubheader>}
            {outputs.map((output) => (
              <MenuItem key={output.id} value={`output:${output.id}`}>
                {output.name}
              </MenuItem>
            ))}
          </TextField>
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
        <Button onClick={onClose}>{tCommon('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={mutation.isPending}>
          {target ? tCommon('actions.save') : t('form.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
