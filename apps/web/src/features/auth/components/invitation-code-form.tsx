import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input';

/** The code as typed, or taken from a pasted invitation link (`…?code=…`). */
export function codeFrom(typed: string): string {
  const text = typed.trim();
  const match = /[?&]code=([^&#\s]+)/.exec(text);
  return match ? decodeURIComponent(match[1]!) : text;
}

/** For an invitation code typed by hand (or a pasted link) when the page was opened without one. */
export function InvitationCodeForm({ onCode }: { onCode: (code: string) => void }) {
  // The page loads `tenancy` with it: /login's bundled `auth` texts stay as they are.
  const { t } = useTranslation('tenancy');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = codeFrom(typed);
    if (code.length < 10) return setError(true);
    onCode(code);
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{t('invitationCode.text')}</Typography>
        <TextInput
          label={t('invitationCode.label')}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(false);
          }}
          required
          autoComplete="off"
          error={error}
          helperText={error ? t('invitationCode.tooShort') : undefined}
        />
        <Button type="submit" variant="contained" size="large">
          {t('invitationCode.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
