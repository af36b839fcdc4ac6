import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE, enUS as enUSText } from '@mui/x-date-pickers/locales';
import { de, enUS } from 'date-fns/locale';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const isValid = (date: Date | null): date is Date => date !== null && !Number.isNaN(date.getTime());
const toDate = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * A date and time in the app's language (dd.MM.yyyy HH:mm in German), not the browser's: a native
 * `datetime-local` input follows the browser locale. The value is an ISO string (or null when empty
 * or not a complete date yet). Heavy (the picker library): import it only from lazily loaded forms.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  required,
  error,
  helperText,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}) {
  const { i18n } = useTranslation();
  const german = i18n.language?.startsWith('de');
  // What the user is typing, which may be no valid date yet; the parent only sees complete dates.
  const [date, setDate] = useState<Date | null>(() => toDate(value));
  useEffect(() => {
    setDate((current) => {
      const currentIso = isValid(current) ? current.toISOString() : null;
      if (currentIso === value) return current;
      if (value === null && current !== null && !isValid(current)) return current;
      return toDate(value);
    });
  }, [value]);

  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={german ? de : enUS}
      localeText={(german ? deDE : enUSText).components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <DateTimePicker
        label={label}
        value={date}
        onChange={(next) => {
          setDate(next);
          onChange(isValid(next) ? next.toISOString() : null);
        }}
        slotProps={{ textField: { required, error, helperText, fullWidth: true } }}
      />
    </LocalizationProvider>
  );
}
