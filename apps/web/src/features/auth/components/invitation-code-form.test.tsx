import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { codeFrom, InvitationCodeForm } from './invitation-code-form';

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['tenancy']);
});
afterEach(cleanup);

describe('InvitationCodeForm', { timeout: 20_000 }, () => {
  it('takes a typed code or the code of a pasted link', () => {
    expect(codeFrom('  abcdefghijklmnop ')).toBe('abcdefghijklmnop');
    expect(codeFrom('https://x.test/login/create-account?code=abc%2Ddefghijkl&x=1')).toBe('abc-defghijkl');
  });

  it('hands over a code and refuses what cannot be one', async () => {
    const onCode = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <InvitationCodeForm onCode={onCode} />
        </Suspense>
      </I18nextProvider>,
    );
    const field = await screen.findByRole('textbox', { name: /Invitation code/ });
    fireEvent.change(field, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This is not an invitation code.')).toBeTruthy();
    expect(onCode).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'http://s.test/login/create-account?code=Code123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onCode).toHaveBeenCalledWith('Code123456789');
  });
});
