import type { ErrorCode } from '@stromwerk/contracts/errors';
import { lazy, Suspense } from 'react';
import { useErrorMessage } from './use-error-message';

// Most screens never show one: the Alert's code loads with the first error.
const Alert = lazy(() => import('@mui/material/Alert'));

/** Announces a failed call; renders nothing without an error. */
export function ErrorAlert({
  error,
  overrides,
  message,
}: {
  error: unknown;
  overrides?: Partial<Record<ErrorCode, string>>;
  /** Fixed text instead of the translated error, e.g. the spec's workspace-creation message. */
  message?: string;
}) {
  const describe = useErrorMessage();
  if (!error) return null;
  const text = message ?? describe(error, overrides);
  return (
    <Suspense fallback={<div role="alert">{text}</div>}>
      <Alert severity="error" role="alert">
        {text}
      </Alert>
    </Suspense>
  );
}
