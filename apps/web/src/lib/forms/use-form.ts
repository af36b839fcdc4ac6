import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../api-errors';
import { type Message, type Schema, schemaErrors, type Words } from './schema-errors';

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

/** The contract's schema, or a loader of it (a dynamic import keeps zod out of the first load of /login). */
export type SchemaSource = Schema | (() => Promise<Schema>);

export interface FormOptions<T extends Values> {
  initial: T;
  /** The contracts' schema of what the form sends (the request body of its operation). */
  schema?: SchemaSource;
  /** What the form would send, as the schema checks it; default: the values as they are. */
  body?: (values: T) => unknown;
  /** The field that holds a schema path; default: the field of the same name. */
  fieldOf?: (path: string) => (keyof T & string) | undefined;
  /** The form's own words for a field the schema refuses (default: schema-errors `defaultMessage`). */
  words?: Words<keyof T & string>;
  /** The form's own rules, beyond the API's (a repeated password); they win over the schema's. */
  validate?: (values: T) => Errors<T>;
  /** The last refusal of the server: fields named in its `details` are marked too. */
  serverError?: unknown;
}

/** Loaded schemas and loads under way, per loader: every form of a kind shares one import. */
const loaded = new WeakMap<() => Promise<Schema>, Schema>();
const loading = new WeakMap<() => Promise<Schema>, Promise<Schema>>();

function load(loader: () => Promise<Schema>): Promise<Schema> {
  let promise = loading.get(loader);
  if (!promise) {
    promise = loader().then((schema) => {
      loaded.set(loader, schema);
      return schema;
    });
    loading.set(loader, promise);
  }
  return promise;
}

/** The schema once it is there: at once when given, after the dynamic import when given a loader. */
function useSchema(source: SchemaSource | undefined) {
  const [schema, setSchema] = useState<Schema | undefined>(() =>
    typeof source === 'function' ? loaded.get(source) : source,
  );
  useEffect(() => {
    if (typeof source !== 'function') return setSchema(source);
    let current = true;
    void load(source).then((s) => {
      if (current) setSchema(s);
    });
    return () => {
      current = false;
    };
  }, [source]);
  return schema;
}

/**
 * Small controlled-form helper: values, dirty tracking, and validation messages that appear once a
 * changed field was left or the form was submitted. Fields are checked with the contracts' schema of what
 * the form sends, plus the form's own rules. On a failed submit the first invalid field gets focus.
 */
export function useForm<T extends Values>({
  initial: start,
  schema: schemaSource,
  body,
  fieldOf,
  words,
  validate,
  serverError,
}: FormOptions<T>) {
  const { t } = useTranslation('common');
  // Two forms on one page may both have a `password` field; ids must stay unique.
  const formId = useId();
  const [initial, setInitial] = useState(start);
  const [values, setValues] = useState(start);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const schema = useSchema(schemaSource);

  const check = useCallback(
    (s: Schema | undefined, v: T): Errors<T> => {
      const fields = Object.keys(v) as (keyof T & string)[];
      const errors: Errors<T> = s
        ? (schemaErrors(s, body ? body(v) : v, {
            fieldOf: fieldOf ?? ((path) => fields.find((field) => field === path.split('.')[0])),
            values: v,
            words,
          }) as Errors<T>)
        : {};
      for (const [field, error] of Object.entries(validate?.(v) ?? {})) {
        if (error) errors[field as keyof T] = error;
      }
      return errors;
    },
    [body, fieldOf, words, validate],
  );
  const errors = useMemo(() => check(schema, values), [check, schema, values]);
  const valid = Object.values(errors).every((error) => !error);
  const dirty = Object.keys(values).some((key) => values[key] !== initial[key]);

  // The server's word on a field, until that field changes.
  const refused = useMemo(() => {
    const fields = Object.keys(start);
    const marked: Partial<Record<keyof T, true>> = {};
    for (const path of Object.keys(fieldErrorsOf(serverError))) {
      const field = fieldOf ? fieldOf(path) : fields.find((f) => f === path.split('.')[0]);
      if (field) marked[field as keyof T] = true;
    }
    return marked;
  }, [serverError, fieldOf, start]);
  const [sentValues, setSentValues] = useState(values);

  const setValue = useCallback((name: keyof T, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  const text = (error: string | Message) =>
    typeof error === 'string' ? t(error) : (t(error.key, error.values) as string);

  function field(name: keyof T & string, helperText?: string): FieldProps {
    const own = submitted || touched[name] ? errors[name] : null;
    const error = own ?? (refused[name] && values[name] === sentValues[name] ? 'validation.refused' : null);
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
      helperText: error ? text(error) : helperText,
    };
  }

  function handleSubmit(onValid: (values: T) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const form = event.currentTarget;
      const submit = (result: Errors<T>) => {
        if (Object.values(result).some(Boolean)) {
          // After the re-render that marks the fields invalid.
          setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
          return;
        }
        setSentValues(values);
        onValid(values);
      };
      // A lazily loaded schema may not be there yet on a quick submit: wait for it, never skip it.
      if (typeof schemaSource === 'function' && !schema)
        void load(schemaSource).then((s) => submit(check(s, values)));
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

  return { values, setValue, field, handleSubmit, dirty, valid, reset };
}
