import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { CreatedApiKey } from '@stromwerk/contracts/api-keys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const codeBox = {
  fontFamily: 'monospace',
  fontSize: '0.85rem',
  bgcolor: 'action.hover',
  p: 1.5,
  borderRadius: 1,
  overflowX: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

/** The key, once: with a copy button and a curl call that uses it. */
export function CreatedApiKeyPanel({
  created,
  onClose,
}: {
  created: Pick<CreatedApiKey, 'key' | 'name'>;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const [copied, setCopied] = useState(false);
  const curl = `curl -H "Authorization: Token ${created.key}" ${window.location.origin}/v1/me`;
  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  };
  return (
    <>
      <DialogTitle>{t('apiKeys.createdTitle', { name: created.name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('apiKeys.onlyOnce')}
        </Alert>
        <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('apiKeys.key')}
        </Typography>
        <Box component="code" data-testid="api-key-value" sx={{ ...codeBox, display: 'block', mb: 1 }}>
          {created.key}
        </Box>
        <Button size="small" startIcon={<ContentCopy />} onClick={copy}>
          {t('apiKeys.copy')}
        </Button>
        <Box role="status" component="span" sx={{ ml: 1, color: 'success.main' }}>
          {copied ? t('apiKeys.copied') : ''}
        </Box>
        <Typography component="h3" variant="subtitle2" sx={{ mt: 2.5, mb: 0.5 }}>
          {t('apiKeys.example')}
        </Typography>
        <Box component="pre" sx={{ ...codeBox, m: 0 }}>
          {curl}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('apiKeys.done')}
        </Button>
      </DialogActions>
    </>
  );
}
