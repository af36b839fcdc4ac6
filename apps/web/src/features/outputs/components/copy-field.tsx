import Check from '@mui/icons-material/Check';
import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A read-only value with a copy button (player address, embed code). */
export function CopyField({
  label,
  value,
  multiline,
}: {
  label: string;
  value: string;
  multiline?: boolean;
}) {
  const { t } = useTranslation('outputs');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (insecure origin): the value stays selectable in the field.
    }
  };
  const copyLabel = copied ? t('share.copied') : t('share.copy', { field: label });
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      multiline={multiline}
      slotProps={{
        htmlInput: {
          readOnly: true,
          spellCheck: false,
          style: { fontFamily: 'monospace', fontSize: multiline ? 13 : undefined },
        },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={multiline ? { alignSelf: 'flex-start', mt: 1.5 } : undefined}>
              <IconButton aria-label={copyLabel} title={copyLabel} onClick={copy} edge="end">
                {copied ? <Check color="success" /> : <ContentCopy />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
