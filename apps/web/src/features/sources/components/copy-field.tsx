import Check from '@mui/icons-material/Check';
import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A read-only value with a copy button (server URL, stream key). */
export function CopyField({
  label,
  value,
  copyValue,
  extraAction,
  helperText,
}: {
  label: string;
  value: string;
  /** What the button copies; `value` when omitted (e.g. while the key is masked, nothing). */
  copyValue?: string | null;
  extraAction?: ReactNode;
  helperText?: ReactNode;
}) {
  const { t } = useTranslation('sources');
  const [copied, setCopied] = useState(false);
  const toCopy = copyValue === undefined ? value : copyValue;
  const copy = async () => {
    if (!toCopy) return;
    try {
      await navigator.clipboard.writeText(toCopy);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (insecure origin): the value stays selectable in the field.
    }
  };
  const copyLabel = copied ? t('encoder.copied') : t('encoder.copy', { field: label });
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      helperText={helperText}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {extraAction}
              <IconButton
                aria-label={copyLabel}
                title={copyLabel}
                onClick={copy}
                disabled={!toCopy}
                edge="end"
              >
                {copied ? <Check color="success" /> : <ContentCopy />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
