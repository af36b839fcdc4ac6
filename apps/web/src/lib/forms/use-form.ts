import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type Message } from './messages';
import type { FormCheck } from './schema-errors';

type Values = Record<string, string>;
/** Per field a translation key (namespace `common` unless prefixed) or a Message; null or absent: valid. */
export type Errors<T extends Values> = Partial<Record<keyof T, string | Message | null>>;

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

/**
 * The contracts' check of what the form sends (schema-errors `checkWith`), or a loader of it: a dynamic
 * import keeps zod, and the checking code, out of the first load of /login.
 */
export type CheckSource<T extends Values> = FormCheck<T> | (() => Promise<FormCheck<T>>);

export interface FormOptions<T extends Values> {
  initial: T;
  check?: CheckSource<T>;
  /** The form's own rules, beyond the API's (a repeated password); they win over the contract's. */
  validate?: (values: T) => Errors<T>;
}

/** The check once it is there: at once when given, after the dynamic import when given a loader. */
function useCheck<T extends Values>(source: CheckSource<T> | undefined) {
  const [loaded, setLoaded] = useState<FormCheck<T>>();
  useEffect(() => {
    if (typeof source !== 'function') return;
    let current = true;
    // The module system imports once; later forms of the kind get the loaded module at once.
    void source().then((c) => current && setLoaded(c));
    return () => {
      current = false;
    };
  }, [source]);
  return typeof source === 'function' ? loaded : source;
}

/**
 * Small controlled-form helper: values, dirty tracking, and validation messages that appear once a
 * changed field was left or the form was submitted. Fields are checked with the contracts' schema of what
 * the form sends, plus the form's own rules. On a failed submit the first invalid field gets focus.
 */
export function useForm<T extends Values>({ initial: start, check: source, validate }: FormOptions<T>) {
  const { t } = useTranslation('common');
  // Two forms on one page may both have a `password` field; ids must stay unique.
  const formId = useId();
  const [initial, setInitial] = useState(start);
  const [values, setValues] = useState(start);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const check = useCheck(source);
  // A failed submit's focus request: served after the render that marks the fields invalid (which, with a
  // lazily loaded check on a busy machine, can come later than any timer would guess).
  const focusInvalidIn = useRef<HTMLFormElement | null>(null);
  const [, setFocusRequests] = useState(0);
  useEffect(() => {
    const target = focusInvalidIn.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!target) return;
    focusInvalidIn.current = null;
    target.focus();
  });

  const errorsOf = (c: FormCheck<T> | undefined, v: T): Errors<T> => {
    const errors: Errors<T> = { ...(c?.errors(v) as Errors<T>) };
    for (const [field, error] of Object.entries(validate?.(v) ?? {})) {
      if (error) errors[field as keyof T] = error;
    }
    return errors;
  };
  const errors = errorsOf(check, values);
  const dirty = Object.keys(values).some((key) => values[key] !== initial[key]);

  const setValue = useCallback((name: keyof T, value: string) => {
    focusInvalidIn.current = null; // typing again: no focus jump to another field
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
      helperText: error ? errorText(t, error) : helperText,
    };
  }

  function handleSubmit(onValid: (values: T) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const form = event.currentTarget;
      const submit = (result: Errors<T>) => {
        if (Object.values(result).some(Boolean)) {
          focusInvalidIn.current = form;
          setFocusRequests((n) => n + 1);
          return;
        }
        onValid(values);
      };
      // A lazily loaded check may not be there yet on a quick submit: wait for it, never skip it.
      if (typeof source === 'function' && !check) void source().then((c) => submit(errorsOf(c, values)));
      else submit(errors);
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

  return { values, setValue, field, handleSubmit, dirty, reset };
}
