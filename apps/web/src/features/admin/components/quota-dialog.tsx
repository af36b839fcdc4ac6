import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type UpdateQuotaBody, updateQuotaBodySchema } from '@stromwerk/contracts/usage';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { TextInput } from '../../../components/text-input';
import { api } from '../../../lib/api-client';
import { checkWith } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';

const GB = 1_000_000_000;
/** The limits an install administrator sets, in the units the form shows (GB for bytes). */
const counts = ['maxWorkspaces', 'maxUsers', 'maxSources', 'maxTargets', 'maxOutputs', 'maxViewers'] as const;
const monthly = [
  'maxViewerHoursPerMonth',
  'maxEgressBytesPerMonth',
  'maxLiveHoursPerMonth',
  'maxRenderMinutesPerMonth',
  'maxTranscodeHoursPerMonth',
] as const;
const inGb = new Set(['maxStorageBytes', 'maxEgressBytesPerMonth']);
type Field = (typeof counts)[number] | 'maxStorageBytes' | (typeof monthly)[number];
type Values = Record<Field, string>;

const number = (field: Field, text: string) => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? Number.NaN : Math.round(inGb.has(field) ? n * GB : n);
};

/** What the form sends: counts and storage always, a monthly limit left empty is "no limit" (null). */
export function quotaBody(values: Values): UpdateQuotaBody {
  const body: Record<string, number | null> = {};
  for (const f of [...counts, 'maxStorageBytes'] as const) body[f] = number(f, values[f]);
  for (const f of monthly) body[f] = values[f].trim() === '' ? null : number(f, values[f]);
  return body as UpdateQuotaBody;
}
const check = checkWith(updateQuotaBodySchema, { body: quotaBody });

const shown = (field: Field, value: number | null) =>
  value === null ? '' : String(inGb.has(field) ? value / GB : value);

/** An install administrator sets a corporation's limits (`PUT /v1/corporations/{id}/quota`). */
export function QuotaDialog({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const quota = useQuery({
    queryKey: ['usage', 'quota-of', id],
    queryFn: ({ signal }) => api.usage.quota({ params: { id } }, { signal }),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="quota-dialog-title">
      <DialogTitle id="quota-dialog-title">{t('quota.title', { name })}</DialogTitle>
      {quota.data ? (
        <QuotaForm
          id={id}
          initial={
            Object.fromEntries(
              ([...counts, 'maxStorageBytes', ...monthly] as Field[]).map((f) => [
                f,
                shown(f, quota.data[f]),
              ]),
            ) as Values
          }
          onClose={onClose}
        />
      ) : (
        <DialogContent>
          <ErrorAlert error={quota.error} />
          {quota.isPending && <CircularProgress aria-label={t('loading')} />}
        </DialogContent>
      )}
    </Dialog>
  );
}

function QuotaForm({ id, initial, onClose }: { id: string; initial: Values; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: UpdateQuotaBody) => api.usage.updateQuota({ params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['usage'] }),
  });
  const form = useForm({ initial, check });
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit((values) =>
    save.mutate(quotaBody(values), {
      onSuccess: () => {
        setSaved(true);
        onClose();
      },
    }),
  );
  const input = (f: Field) => (
    <TextInput
      key={f}
      {...form.field(f)}
      label={t(`quota.fields.${f}`)}
      inputMode={inGb.has(f) ? 'decimal' : 'numeric'}
    />
  );
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <ErrorAlert error={save.error} />
        <Typography variant="body2">{t('quota.help')}</Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          {[...counts, 'maxStorageBytes' as const].map(input)}
        </Box>
        <Typography variant="subtitle2" component="h3">
          {t('quota.monthly')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          {monthly.map(input)}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!form.dirty || saved} loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
