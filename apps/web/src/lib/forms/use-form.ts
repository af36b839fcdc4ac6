import { type ChangeEvent, type FormEvent, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Values = Record<string, string>;
type Errors<T extends Values> = Partial<Record<keyof T, string | null>>;

/** What `field()` spreads onto a TextField. */
export interface FieldProps {
  name: string;
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  error: boolean;
  helperText: string | undefined;
}

export interface FormOptions<T extends Values> {
  initial: T;
  /** Returns translation keys (namespace `common`) per invalid field. */
  validate?: (values: T) => Errors<T>;
}

/**
 * Small controlled-form helper: values, dirty tracking, and validation messages that appear once a
 * changed field was left or the form was submitted. On a failed submit the first invalid field gets
 * focus.
 */
export function useForm<T extends Values>({ initial: start, validate }: FormOptions<T>) {
  const { t } = useTranslation('common');
  // Two forms on one page may both have a `password` field; ids must stay unique.
  const formId = useId();
  const [initial, setInitial] = useState(start);
  const [values, setValues] = useState(start);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const errors = useMemo<Errors<T>>(() => validate?.(values) ?? {}, [validate, values]);
  const valid = Object.values(errors).every((error) => !error);
  const dirty = Object.keys(values).some((key) => values[key] !== initial[key]);

  const setValue = useCallback((name: keyof T, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  function field(name: keyof T & string, helperText?: string): FieldProps {
    const error = submitted || touched[name] ? errors[name] : null;
    return {
      name,
      id: `${formId}-${name}`,
      value: values[name] ?? '',
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setValue(name, event.target.value),
      // Leaving a field untouched says nothing yet; an error under it would also shift the layout
      // while the user is clicking the link below (e.g. "Forgot password?").
      onBlur: () => {
        if (values[name] !== initial[name]) setTouched((current) => ({ ...current, [name]: true }));
      },
      error: Boolean(error),
      helperText: error ? t(error) : helperText,
    };
  }

  function handleSubmit(onValid: (values: T) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      if (!valid) {
        const form = event.currentTarget;
        // After the re-render that marks the fields invalid.
        setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
        return;
      }
      onValid(values);
    };
  }

  /** Makes `next` (default: the current values) the new clean state, e.g. after saving. */
  function reset(next?: T) {
    const clean = next ?? values;
    setInitial(clean);
    setValues(clean);
    setTouched({});
    setSubmitted(false);
  }

  return { values, setValue, field, handleSubmit, dirty, valid, reset };
}
