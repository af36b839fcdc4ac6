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
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SourceType, StreamEndpoint, UpdateSourceBody } from '@stromwerk/contracts/sources';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useCreateSource, useUpdateSource } from '../api/save-source';

const types: SourceType[] = ['rtmp', 'srt', 'relive', 'demo'];
const endpoints: StreamEndpoint[] = ['europe', 'us-west', 'europe-srt'];
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ISO date → value of an <input type="datetime-local"> in the browser's time zone. */
function toLocalInput(value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

interface Values {
  name: string;
  type: SourceType;
  endpoint: StreamEndpoint;
  recording: boolean;
  startNow: boolean;
  scheduledStart: string;
  mediaId: string;
  loop: boolean;
  maintenanceStart: string;
  maintenanceEnd: string;
}

function initialValues(source: SourceItem | null): Values {
  return {
    name: source?.name ?? '',
    type: source?.type ?? 'rtmp',
    endpoint: source?.endpoint ?? 'europe',
    recording: source?.recording ?? false,
    startNow: source?.startNow ?? true,
    scheduledStart: toLocalInput(source?.scheduledStart),
    mediaId: source?.mediaId ?? '',
    loop: source?.loop ?? true,
    maintenanceStart: toLocalInput(source?.maintenanceStart),
    maintenanceEnd: toLocalInput(source?.maintenanceEnd),
  };
}

type Errors = Partial<Record<keyof Values, string>>;

function validate(v: Values): Errors {
  const errors: Errors = {};
  if (!v.name.trim()) errors.name = 'validation.required';
  else if (v.name.trim().length > 120) errors.name = 'validation.tooLong';
  if (!v.startNow && !v.scheduledStart) errors.scheduledStart = 'validation.required';
  if (v.type === 'relive') {
    if (!v.mediaId.trim()) errors.mediaId = 'validation.required';
    else if (!uuidPattern.test(v.mediaId.trim())) errors.mediaId = 'validation.mediaId';
  }
  if (v.maintenanceStart && !v.maintenanceEnd) errors.maintenanceEnd = 'validation.required';
  if (!v.maintenanceStart && v.maintenanceEnd) errors.maintenanceStart = 'validation.required';
  if (v.maintenanceStart && v.maintenanceEnd && v.maintenanceEnd <= v.maintenanceStart) {
    errors.maintenanceEnd = 'validation.endAfterStart';
  }
  return errors;
}

/** Create or edit one source: the spec's "Source settings" (section 2). */
export function SourceFormDialog({
  open,
  source,
  workspaceId,
  onClose,
}: {
  open: boolean;
  /** null: create a new one. */
  source: SourceItem | null;
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
      {open && <SourceForm source={source} workspaceId={workspaceId} onClose={onClose} />}
    </Dialog>
  );
}

function SourceForm({
  source,
  workspaceId,
  onClose,
}: {
  source: SourceItem | null;
  workspaceId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('sources');
  const { t: tCommon } = useTranslation('common');
  const [values, setValues] = useState<Values>(() => initialValues(source));
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateSource();
  const update = useUpdateSource();
  const mutation = source ? update : create;
  const errors = validate(values);
  const shown = (field: keyof Values) => (submitted && errors[field] ? t(errors[field]) : undefined);
  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const isEncoder = values.type === 'rtmp' || values.type === 'srt';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const body = {
      name: values.name.trim(),
      endpoint: isEncoder ? values.endpoint : undefined,
      recording: values.recording,
      startNow: values.startNow,
      scheduledStart: values.startNow ? null : fromLocalInput(values.scheduledStart),
      mediaId: values.type === 'relive' ? values.mediaId.trim() : null,
      loop: values.loop,
      maintenanceStart: fromLocalInput(values.maintenanceStart),
      maintenanceEnd: fromLocalInput(values.maintenanceEnd),
    };
    const done = { onSuccess: onClose };
    if (source) update.mutate({ id: source.id, body: body satisfies UpdateSourceBody }, done);
    else create.mutate({ ...body, type: values.type, workspaceId }, done);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogTitle>{source ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <TextField
            label={t('fields.name')}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            required
            autoFocus
            error={Boolean(shown('name'))}
            helperText={shown('name')}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <TextField
            select
            label={t('fields.type')}
            value={values.type}
            onChange={(e) => set('type', e.target.value as SourceType)}
            disabled={Boolean(source)}
            helperText={source ? t('form.typeFixed') : t(`typeHelp.${values.type}`)}
          >
            {types.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`type.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          {isEncoder && (
            <TextField
              select
              label={t('fields.endpoint')}
              value={values.endpoint}
              onChange={(e) => set('endpoint', e.target.value as StreamEndpoint)}
            >
              {endpoints.map((endpoint) => (
                <MenuItem key={endpoint} value={endpoint}>
                  {t(`endpoint.${endpoint}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {values.type === 'relive' && (
            <TextField
              label={t('fields.media')}
              value={values.mediaId}
              onChange={(e) => set('mediaId', e.target.value)}
              required
              error={Boolean(shown('mediaId'))}
              helperText={shown('mediaId') ?? t('form.mediaHelp')}
            />
          )}
          {(values.type === 'relive' || values.type === 'demo') && (
            <FormControlLabel
              control={<Switch checked={values.loop} onChange={(e) => set('loop', e.target.checked)} />}
              label={t('fields.loop')}
            />
          )}
          <FormControlLabel
            control={
              <Switch checked={values.recording} onChange={(e) => set('recording', e.target.checked)} />
            }
            label={t('fields.recording')}
          />
          <FormControlLabel
            control={<Switch checked={values.startNow} onChange={(e) => set('startNow', e.target.checked)} />}
            label={t('fields.startNow')}
          />
          {!values.startNow && (
            <TextField
              type="datetime-local"
              label={t('fields.scheduledStart')}
              value={values.scheduledStart}
              onChange={(e) => set('scheduledStart', e.target.value)}
              required
              error={Boolean(shown('scheduledStart'))}
              helperText={shown('scheduledStart')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {t('fields.maintenance')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('form.maintenanceHelp')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                type="datetime-local"
                label={t('fields.maintenanceStart')}
                value={values.maintenanceStart}
                onChange={(e) => set('maintenanceStart', e.target.value)}
                error={Boolean(shown('maintenanceStart'))}
                helperText={shown('maintenanceStart')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="datetime-local"
                label={t('fields.maintenanceEnd')}
                value={values.maintenanceEnd}
                onChange={(e) => set('maintenanceEnd', e.target.value)}
                error={Boolean(shown('maintenanceEnd'))}
                helperText={shown('maintenanceEnd')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Box>
          </Box>
          {submitted && Object.keys(errors).length > 0 && (
            <Alert severity="error">{t('validation.fixErrors')}</Alert>
          )}
          <ErrorAlert error={mutation.error} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{tCommon('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={mutation.isPending}>
          {source ? tCommon('actions.save') : t('form.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
