import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { NAME_MAX_LENGTH } from '@stromwerk/contracts/limits';
import { createFtpSocialSchema } from '@stromwerk/contracts/socials';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { TextInput } from '../../../components/text-input';
import { checkWith, wholeNumber } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import { useCreateSocial } from '../api/socials';

type Values = {
  name: string;
  host: string;
  port: string;
  user: string;
  password: string;
  protocol: string;
  basePath: string;
};
const body = (v: Values) => ({
  network: 'ftp' as const,
  name: v.name.trim(),
  host: v.host.trim(),
  port: wholeNumber(v.port),
  user: v.user.trim(),
  password: v.password,
  protocol: v.protocol as 'ftp' | 'ftps',
  basePath: v.basePath.trim() || '/',
});
const check = checkWith<Values>(createFtpSocialSchema, { body });
const initial: Values = {
  name: '',
  host: '',
  port: '21',
  user: '',
  password: '',
  protocol: 'ftps',
  basePath: '/',
};

/** FTP or FTPS with a password: the server logs in and lists the folder before it saves anything. */
export function FtpDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('socials');
  const create = useCreateSocial(userId);
  const form = useForm({ initial, check });
  const submit = form.handleSubmit((values) => create.mutate(body(values), { onSuccess: onClose }));
  const text = (name: keyof Values, extra: object = {}) => ({
    ...form.field(name),
    label: t(`ftp.${name}`),
    sx: { width: '100%' },
    ...extra,
  });
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{t('ftp.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <ErrorAlert error={create.error} />
          <TextInput {...text('name', { required: true, autoFocus: true, maxLength: NAME_MAX_LENGTH })} />
          <Box sx={{ display: 'grid', gridTemplateColumns: '3fr 1fr', gap: 2 }}>
            <TextInput {...text('host', { required: true })} />
            <TextInput {...text('port', { inputMode: 'numeric' })} />
          </Box>
          <TextInput {...text('user', { required: true, autoComplete: 'off' })} />
          <TextInput
            {...text('password', { required: true, type: 'password', autoComplete: 'new-password' })}
          />
          <TextField
            select
            label={t('ftp.protocol')}
            value={form.values.protocol}
            onChange={(e) => form.setValue('protocol', e.target.value)}
          >
            <MenuItem value="ftps">{t('ftp.ftps')}</MenuItem>
            <MenuItem value="ftp">{t('ftp.ftp')}</MenuItem>
          </TextField>
          <TextInput {...text('basePath')} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('ftp.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('ftp.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
