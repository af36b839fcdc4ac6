import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NAME_MAX_LENGTH } from '@stromwerk/contracts/limits';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { errorText } from '../../../lib/forms/messages';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useCreateOutput, useUpdateOutput, useUpdateOutputs } from '../api/save-output';
import { AppearanceSection } from './output-form-appearance';
import { AccessSection, CommentsSection } from './output-form-audience';
import { ProgramSection } from './output-form-program';
import {
  type FormTarget,
  initialValues,
  serverErrors,
  toBody,
  touchedSettings,
  type Values,
  validate,
} from './output-form-values';

/** Spec section 2 "Player settings": every label, in five groups. */
export function OutputForm({
  target,
  workspaceId,
  sources,
  passwords,
  onDirty,
  onCancel,
  onSaved,
}: {
  target: FormTarget;
  workspaceId: string;
  sources: SourceItem[];
  passwords: string[];
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('outputs');
  const { t: tCommon } = useTranslation('common');
  const bulk = target.kind === 'bulk';
  const first = target.kind === 'edit' ? target.output : target.kind === 'bulk' ? target.outputs[0]! : null;
  const [initial] = useState<Values>(() => initialValues(first, passwords, sources[0]?.id));
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<ReadonlySet<keyof Values>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateOutput();
  const update = useUpdateOutput();
  const updateAll = useUpdateOutputs();
  const mutation = target.kind === 'create' ? create : target.kind === 'edit' ? update : updateAll;
  const errors = validate(values, target.kind);
  // A source or media the server refused (not in this workspace) is marked on its field until the next edit.
  const refused = serverErrors(mutation.error);
  const err = (field: keyof Values) => {
    const error = (submitted ? errors[field] : undefined) ?? refused[field];
    return error ? errorText(t, error) : undefined;
  };
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    if (mutation.error) mutation.reset();
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  };
  const dirty = bulk ? touched.size > 0 : JSON.stringify(values) !== JSON.stringify(initial);
  const markClean = useUnsavedChanges(dirty);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const section = { values, set, err };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const done = {
      onSuccess: () => {
        markClean();
        onSaved();
      },
    };
    if (target.kind === 'create') create.mutate({ ...toBody(values), workspaceId }, done);
    else if (target.kind === 'edit') update.mutate({ id: target.output.id, body: toBody(values) }, done);
    else {
      const changes = touchedSettings(values, touched);
      if (Object.keys(changes).length === 0) return done.onSuccess();
      updateAll.mutate({ outputs: target.outputs, changes }, done);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            '& > .full': { gridColumn: '1 / -1' },
          }}
        >
          {target.kind === 'bulk' ? (
            <BulkWarning count={target.outputs.length} name={first?.name ?? ''} />
          ) : (
            <TextField
              className="full"
              label={t('fields.name')}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              required
              autoFocus
              error={Boolean(err('name'))}
              helperText={err('name')}
              slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
            />
          )}
          <Heading>{t('form.programTitle')}</Heading>
          <ProgramSection {...section} sources={sources} workspaceId={workspaceId} />
          <Heading>{t('form.appearanceTitle')}</Heading>
          <AppearanceSection {...section} workspaceId={workspaceId} />
          <Heading>{t('form.commentsTitle')}</Heading>
          <CommentsSection {...section} />
          <Heading>{t('form.accessTitle')}</Heading>
          <AccessSection {...section} bulk={bulk} />
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
          {target.kind === 'create' ? t('form.create') : tCommon('actions.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}

function Heading({ children }: { children: string }) {
  return (
    <Typography
      className="full"
      variant="subtitle1"
      component="h3"
      sx={{ fontWeight: 600, mt: 1, pt: 2, borderTop: 1, borderColor: 'divider', mb: -1 }}
    >
      {children}
    </Typography>
  );
}

function BulkWarning({ count, name }: { count: number; name: string }) {
  const { t } = useTranslation('outputs');
  return (
    <Alert severity="warning" className="full">
      <strong>{t('bulk.warning')}</strong> {t('form.bulkHint', { count, name })}
    </Alert>
  );
}
