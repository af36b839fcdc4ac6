import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { AddMedia } from './add-media';
import { M1, M2, media, page } from './editor-fixtures';

const api = vi.hoisted(() => ({ medias: { listInWorkspace: vi.fn(), get: vi.fn() } }));
vi.mock('../../../lib/api-client', () => ({ api }));

const names: Record<string, string> = { [M1]: 'Opening', [M2]: 'Closing' };

async function choose(name: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Media' }));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

describe('AddMedia', () => {
  beforeAll(() => initI18n());
  afterEach(cleanup);

  it('keeps a media picked while the previous one is still being added', async () => {
    // The first media's look-up hangs until released: the user picks the next one meanwhile.
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.medias.listInWorkspace.mockResolvedValue(page([media(M1, 'Opening'), media(M2, 'Closing')]));
    api.medias.get.mockImplementation(async ({ params }: { params: { id: string } }) => {
      if (params.id === M1) await slow;
      return media(params.id, names[params.id]!);
    });
    const added: string[] = [];
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={null}>
            <AddMedia workspaceId="w1" label="Media" button="Add" onAdd={(m) => added.push(m.name)} />
          </Suspense>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const add = () => screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;

    await choose('Opening');
    await waitFor(() => expect(add().disabled).toBe(false));
    fireEvent.click(add());
    await choose('Closing');
    release();
    await waitFor(() => expect(added).toEqual(['Opening']));
    // The second choice survived the first add: the button is usable and adds it.
    await waitFor(() => expect(add().disabled).toBe(false));
    expect(screen.getByRole('combobox', { name: 'Media' })).toHaveProperty(
      'value',
      expect.stringMatching(/^Closing/),
    );
    fireEvent.click(add());
    await waitFor(() => expect(added).toEqual(['Opening', 'Closing']));
  });
});
