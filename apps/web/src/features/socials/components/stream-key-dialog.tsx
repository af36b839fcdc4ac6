import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { NAME_MAX_LENGTH } from '@stromwerk/contracts/limits';
import { liveNetworks } from '@stromwerk/contracts/social-values';
import { createStreamKeySocialSchema } from '@stromwerk/contracts/socials';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { TextInput } from '../../../components/text-input';
import { checkWith } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import { useCreateSocial } from '../api/socials';

type Values = { network: string; name: string; streamKey: string };
const body = (v: Values) => ({
  network: v.network as (typeof liveNetworks)[number],
  name: v.name.trim(),
  streamKey: v.streamKey.trim(),
});
const check = checkWith<Values>(createStreamKeySocialSchema, { body });

/** A live platform without OAuth: the stream key from its dashboard, stored encrypted. */
export function StreamKeyDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('socials');
  const create = useCreateSocial(userId);
  const form = useForm({ initial: { network: 'youtube', name: '', streamKey: '' }, check });
  const submit = form.handleSubmit((values) => create.mutate(body(values), { onSuccess: onClose }));
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{t('streamKey.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <ErrorAlert error={create.error} />
          <TextField
            select
            label={t('streamKey.network')}
            value={form.values.network}
            onChange={(e) => form.setValue('network', e.target.value)}
          >
            {liveNetworks.map((n) => (
              <MenuItem key={n} value={n}>
                {t(`networks.${n}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextInput
            {...form.field('name')}
            label={t('streamKey.name')}
            required
            autoFocus
            maxLength={NAME_MAX_LENGTH}
          />
          <TextInput
            {...form.field('streamKey')}
            label={t('streamKey.key')}
            required
            type="password"
            autoComplete="off"
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('streamKey.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('streamKey.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
