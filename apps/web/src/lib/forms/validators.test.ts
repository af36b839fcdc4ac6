import { describe, expect, it } from 'vitest';
import { email, matches, password, required } from './validators';

describe('validators', () => {
  it('require a value', () => {
    expect(required('  ')).toBe('validation.required');
    expect(required('x')).toBeNull();
  });
  it('check email addresses', () => {
    expect(email('')).toBe('validation.required');
    expect(email('not-an-email')).toBe('validation.invalidEmail');
    expect(email('a@b.de')).toBeNull();
  });
  it('need 8 password characters', () => {
    expect(password('1234567')).toBe('validation.passwordLength');
    expect(password('12345678')).toBeNull();
  });
  it('compare the repeated password', () => {
    expect(matches('secret-1')('secret-2')).toBe('validation.passwordsMismatch');
    expect(matches('secret-1')('secret-1')).toBeNull();
  });
});
