import { PASSWORD_MIN_LENGTH } from '@stromwerk/contracts/limits';

/**
 * Validators return a translation key (namespace `common`, section `validation`) or null. They mirror
 * the contracts schemas without pulling zod into the login bundle.
 */
export type Validator = (value: string) => string | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const required: Validator = (value) => (value.trim() ? null : 'validation.required');

export const email: Validator = (value) => {
  if (!value.trim()) return 'validation.required';
  return EMAIL.test(value.trim()) ? null : 'validation.invalidEmail';
};

export const password: Validator = (value) => {
  if (!value) return 'validation.required';
  return value.length >= PASSWORD_MIN_LENGTH ? null : 'validation.passwordLength';
};

export function matches(other: string): Validator {
  return (value) => {
    if (!value) return 'validation.required';
    return value === other ? null : 'validation.passwordsMismatch';
  };
}
