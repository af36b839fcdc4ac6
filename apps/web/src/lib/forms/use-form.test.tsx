import { updateCorporationBodySchema } from '@stromwerk/contracts/corporations';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@stromwerk/contracts/limits';
import { loginBodySchema, updatePasswordSchema } from '@stromwerk/contracts/users';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { FormEvent } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n';
import { matches } from './messages';
import { checkWith, type FormCheck, newPasswordWords } from './schema-errors';
import { useForm } from './use-form';

const submitEvent = () =>
  ({
    preventDefault() {},
    currentTarget: document.createElement('form'),
  }) as unknown as FormEvent<HTMLFormElement>;

function submit<T>(form: {
  handleSubmit: (onValid: (v: T) => void) => (e: FormEvent<HTMLFormElement>) => void;
}) {
  const onValid = vi.fn();
  act(() => form.handleSubmit(onValid)(submitEvent()));
  return onValid;
}

// The limits come from contracts: raise NAME_MAX_LENGTH there and these tests follow, the form too.
describe('forms check with the contracts schema', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('en');
  });

  const nameForm = (name: string) =>
    renderHook(() =>
      useForm({
        initial: { name },
        check: checkWith<{ name: string }>(updateCorporationBodySchema, {
          body: (v) => ({ name: v.name.trim() }),
        }),
      }),
    ).result;

  it('refuses a name one character longer than the contract allows, in its words and with its number', () => {
    const form = nameForm('x'.repeat(NAME_MAX_LENGTH + 1));
    expect(submit(form.current)).not.toHaveBeenCalled();
    expect(form.current.field('name')).toMatchObject({
      error: true,
      helperText: `At most ${NAME_MAX_LENGTH} characters`,
    });
    expect(submit(nameForm('x'.repeat(NAME_MAX_LENGTH)).current)).toHaveBeenCalled();
  });

  it('says "Required" for an empty field and refuses control characters', () => {
    const empty = nameForm('   ');
    submit(empty.current);
    expect(empty.current.field('name').helperText).toBe('Required');
    const tab = nameForm('a\tb');
    submit(tab.current);
    expect(tab.current.field('name').helperText).toBe('No line breaks, tabs or control characters');
  });

  it('shows nothing before a changed field is left or the form is submitted', () => {
    const form = nameForm('');
    expect(form.current.field('name').error).toBe(false);
    act(() => form.current.setValue('name', 'x'.repeat(NAME_MAX_LENGTH + 1)));
    act(() => form.current.field('name').onBlur());
    expect(form.current.field('name').error).toBe(true);
  });

  it('maps schema paths to fields and adds the form rules of its own', async () => {
    await i18n.changeLanguage('de');
    const form = renderHook(() =>
      useForm({
        initial: { current: 'old', password: 'short', confirm: 'other' },
        check: checkWith<{ current: string; password: string; confirm: string }>(updatePasswordSchema, {
          body: (v) => ({ currentPassword: v.current, newPassword: v.password }),
          fieldOf: (path) =>
            path === 'newPassword' ? 'password' : path === 'currentPassword' ? 'current' : undefined,
          words: newPasswordWords('password'),
        }),
        validate: (v) => ({ confirm: matches(v.password)(v.confirm) }),
      }),
    ).result;
    submit(form.current);
    expect(form.current.field('password').helperText).toBe(
      `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen enthalten`,
    );
    expect(form.current.field('confirm').helperText).toBe('Die Passwörter stimmen nicht überein');
    expect(form.current.field('current').error).toBe(false);
    await i18n.changeLanguage('en');
  });

  it('waits for a lazily imported schema on a quick submit instead of skipping it', async () => {
    type Login = { email: string; password: string };
    // Like a dynamic import: one module, however often it is asked for.
    let release: (check: FormCheck<Login>) => void = () => {};
    const module = new Promise<FormCheck<Login>>((resolve) => (release = resolve));
    const load = () => module;
    const form = renderHook(() =>
      useForm({ initial: { email: `${'a'.repeat(EMAIL_MAX_LENGTH)}@b.de`, password: 'x' }, check: load }),
    ).result;
    const onValid = submit(form.current);
    await act(async () => release(checkWith(loginBodySchema)));
    await waitFor(() =>
      expect(form.current.field('email').helperText).toBe(`At most ${EMAIL_MAX_LENGTH} characters`),
    );
    expect(onValid).not.toHaveBeenCalled();
  });
});
