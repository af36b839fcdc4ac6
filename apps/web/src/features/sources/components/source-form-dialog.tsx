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
import type { SourceType, StreamEndpoint } from '@stromwerk/contracts/sources';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field';
import { DiscardChangesDialog, useDiscardGuard } from '../../../components/discard-guard';
import { ErrorAlert } from '../../../components/error-alert';
import { MediaPicker } from '../../../components/media-picker';
import { errorText } from '../../../lib/forms/messages';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useIngestEndpoints } from '../api/ingest-endpoints';
import { useCreateSource, useUpdateSource } from '../api/save-source';
import { endpointForType, endpointsFor, sourceServerErrors } from './source-endpoint';
import {
  fromLocalInput,
  initialValues,
  NAME_MAX_LENGTH,
  toBody,
  toLocalInput,
  types,
  type Values,
  validate,
} from './source-form-values';

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
  const guard = useDiscardGuard(onClose);
  return (
    <Dialog
      open={open}
      onClose={guard.requestClose}
      aria-labelledby="source-form-title"
      maxWidth="sm"
      fullWidth
      fullScreen={useMediaQuery('(max-width:599px)')}
    >
      {open && (
        <SourceForm
          source={source}
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

function SourceForm({
  source,
  workspaceId,
  onCancel,
  onSaved,
  onDirty,
}: {
  source: SourceItem | null;
  workspaceId: string;
  onCancel: () => void;
  onSaved: () => void;
  /** Whether the values differ from what the dialog opened with (Cancel then asks first). */
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('sources');
  const { t: tCommon } = useTranslation('common');
  const [initial] = useState<Values>(() => initialValues(source));
  const [values, setValues] = useState<Values>(initial);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateSource();
  const update = useUpdateSource();
  const mutation = source ? update : create;
  const errors = validate(values, !source);
  // What the server refused is shown on its field (issue 13.2) until the next edit.
  const refused = sourceServerErrors(mutation.error);
  const shown = (field: keyof Values) => {
    const error = (submitted ? errors[field] : undefined) ?? refused[field];
    return error ? errorText(t, error) : undefined;
  };
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    if (mutation.error) mutation.reset();
    setValues((v) => ({ ...v, [field]: value }));
  };
  // The type decides the endpoint's protocol: SRT sources take Europe (SRT), RTMP sources an RTMP region.
  const setType = (type: SourceType) => {
    if (mutation.error) mutation.reset();
    setValues((v) => ({ ...v, type, endpoint: endpointForType(type, v.endpoint) }));
  };
  const ingest = useIngestEndpoints();
  const configured = (endpoint: StreamEndpoint) =>
    ingest.data?.endpoints.find((e) => e.id === endpoint)?.configured ?? true;
  const isEncoder = values.type === 'rtmp' || values.type === 'srt';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const body = toBody(values);
    const done = { onSuccess: onSaved };
    if (source) update.mutate({ id: source.id, body }, done);
    else create.mutate({ ...body, type: values.type, workspaceId }, done);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogTitle id="source-form-title">{source ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
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
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
          />
          <TextField
            select
            label={t('fields.type')}
            value={values.type}
            onChange={(e) => setType(e.target.value as SourceType)}
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
              error={Boolean(shown('endpoint'))}
              helperText={
                shown('endpoint') ??
                (configured(values.endpoint) ? undefined : t('form.endpointNotConfigured'))
              }
            >
              {endpointsFor(values.type).map((endpoint) => (
                <MenuItem key={endpoint} value={endpoint}>
                  {configured(endpoint)
                    ? t(`endpoint.${endpoint}`)
                    : t('form.endpointUnconfigured', { name: t(`endpoint.${endpoint}`) })}
                </MenuItem>
              ))}
            </TextField>
          )}
          {values.type === 'relive' && (
            <MediaPicker
              workspaceId={workspaceId}
              label={t('fields.media')}
              value={values.mediaId}
              onChange={(id) => set('mediaId', id)}
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
            <DateTimeField
              label={t('fields.scheduledStart')}
              value={fromLocalInput(values.scheduledStart)}
              onChange={(iso) => set('scheduledStart', toLocalInput(iso))}
              required
              error={Boolean(shown('scheduledStart'))}
              helperText={shown('scheduledStart')}
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
              <DateTimeField
                label={t('fields.maintenanceStart')}
                value={fromLocalInput(values.maintenanceStart)}
                onChange={(iso) => set('maintenanceStart', toLocalInput(iso))}
                error={Boolean(shown('maintenanceStart'))}
                helperText={shown('maintenanceStart')}
              />
              <DateTimeField
                label={t('fields.maintenanceEnd')}
                value={fromLocalInput(values.maintenanceEnd)}
                onChange={(iso) => set('maintenanceEnd', toLocalInput(iso))}
                error={Boolean(shown('maintenanceEnd'))}
                helperText={shown('maintenanceEnd')}
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
        <Button onClick={onCancel}>{tCommon('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={mutation.isPending}>
          {source ? tCommon('actions.save') : t('form.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
