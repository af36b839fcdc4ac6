import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The player's password prompt; `wrong` after the server refused the last attempt. */
export function PasswordForm({
  wrong,
  pending,
  onSubmit,
}: {
  wrong: boolean;
  pending: boolean;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation('player');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const missing = submitted && !password;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (password) onSubmit(password);
  };
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ p: 3, width: '100%', maxWidth: 360, display: 'grid', gap: 2, textAlign: 'left' }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', color: 'primary.main' }}>
        <LockOutlined fontSize="large" />
      </Box>
      <TextField
        type="password"
        label={t('password.label')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus
        required
        autoComplete="current-password"
        error={missing || wrong}
        helperText={missing ? t('password.required') : wrong ? t('password.wrong') : undefined}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Button type="submit" variant="contained" loading={pending}>
        {t('password.submit')}
      </Button>
    </Paper>
  );
}
