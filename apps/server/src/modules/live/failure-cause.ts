import type { FailureCause } from '@stromwerk/contracts/common';

/**
 * The cause a user can act on, read from the reason users may see (`publicReason`: already reduced to what
 * is safe to show). One rule per cause, first match wins; whatever matches none is `other`.
 */
const RULES: readonly [RegExp, FailureCause][] = [
  [/^Server returned 40[13]\b/, 'credentials-rejected'],
  [/^Wrong SRT passphrase$/, 'credentials-rejected'],
  [/^Server returned \d{3}/, 'receiver-refused'],
  [/^Host name could not be resolved$/, 'host-unresolvable'],
  [/^Targets may only send to public/, 'private-address'],
  [/codec .*not (compatible|supported|accepted)/i, 'codec-not-accepted'],
  [/the input finished$/, 'input-ended'],
  [/not (supported|available) (by|in|on) this (ffmpeg|server)$|^\S+ not found$/, 'server-feature-missing'],
  [/^Could not connect to the receiver$/, 'receiver-unreachable'],
];

export function failureCause(reason: string | null): FailureCause | null {
  if (reason === null) return null;
  return RULES.find(([pattern]) => pattern.test(reason))?.[1] ?? 'other';
}
