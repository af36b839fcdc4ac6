import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { clip, DRAFT, draft, M1, M2, media, page } from './editor-fixtures';
import { EditorPage } from './editor-page';

/** Issue 33 item 10: the editor shows the range a lossless render really cuts, and offers the exact cut. */
const api = vi.hoisted(() => ({
  drafts: { listInWorkspace: vi.fn(), get: vi.fn(), update: vi.fn(), render: vi.fn() },
  medias: { listInWorkspace: vi.fn(), get: vi.fn(), keyframes: vi.fn() },
  jobs: { listInWorkspace: vi.fn() },
}));
vi.mock('../../../lib/api-client', () => ({ api }));
vi.mock('../../../lib/use-active-context', () => ({
  useActiveContext: () => ({
    params: { corporationId: 'c1', workspaceId: 'w1' },
    workspace: { id: 'w1', name: 'Studio' },
    corporations: [],
    workspaces: [],
  }),
}));
vi.mock('../../../lib/use-available-features', () => ({
  useAvailableFeatures: () => new Set(['editor', 'media']),
}));

// M1 has a keyframe every 2 s; M2 every 1 s.
const KEYFRAMES: Record<string, number[]> = { [M1]: [0, 2000, 4000, 6000], [M2]: [0, 1000, 2000, 3000] };
/** Clip 1 from 2.5 s (snaps to 2 s), clip 2 from 1 s (a keyframe): 3.5 + 5 s asked, 4 + 5 s rendered. */
const snapping = draft({
  timeline: {
    version: 1,
    main: [
      { ...clip('c1', M1), inMs: 2500 },
      { ...clip('c2', M2), inMs: 1000 },
    ],
    overlays: [],
    audio: [],
  },
});

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/c1/w1/editor?draft=${DRAFT}`]}>
          <Suspense fallback={null}>
            <EditorPage />
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('lossless range in the editor', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    configure({ asyncUtilTimeout: 5000 });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    await initI18n();
    await loadNamespaces(['editor', 'medias']);
  });
  beforeEach(() => {
    api.drafts.listInWorkspace.mockResolvedValue(page([snapping]));
    api.drafts.get.mockResolvedValue(snapping);
    api.drafts.update.mockImplementation(async ({ body }) =>
      draft({ ...body, revision: 4, lossless: false }),
    );
    api.medias.get.mockImplementation(async ({ params }) =>
      media(params.id, params.id === M1 ? 'Intro' : 'Talk'),
    );
    api.medias.listInWorkspace.mockResolvedValue(page([media(M1, 'Intro'), media(M2, 'Talk')]));
    api.medias.keyframes.mockImplementation(async ({ params }) => ({
      mediaId: params.id,
      keyframesMs: KEYFRAMES[params.id],
    }));
    api.jobs.listInWorkspace.mockResolvedValue(page([]));
  });
  afterEach(async () => {
    cleanup();
    vi.clearAllMocks();
    await i18n.changeLanguage('en');
  });

  it('shows where each clip really starts and switches to the exact cut', async () => {
    show();
    // The editor's first render takes seconds in jsdom on a shared machine.
    const notice = await screen.findByTestId('lossless-range', {}, { timeout: 20_000 });
    expect(notice.textContent).toContain('it will run 9.00 s instead of 8.50 s');
    const items = within(notice)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // Only the clip whose In is off a keyframe is listed.
    expect(items).toEqual(['Clip 1: 2.00 s to 6.00 s (you set In at 2.50 s)']);
    expect(api.medias.keyframes).toHaveBeenCalledWith({ params: { id: M1 } }, expect.anything());

    fireEvent.click(within(notice).getByRole('button', { name: 'Cut exactly (re-encode)' }));
    await waitFor(() => expect(screen.queryByTestId('lossless-range')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Render mode' }).textContent).toBe('Always re-encode');
  });

  it('says so when every clip starts on a keyframe, in German too', async () => {
    api.drafts.get.mockResolvedValue(draft());
    await i18n.changeLanguage('de');
    await loadNamespaces(['editor', 'medias']);
    show();
    const notice = await screen.findByTestId('lossless-range', {}, { timeout: 20_000 });
    expect(notice.textContent).toContain('Jeder Clip beginnt auf einem Keyframe');
  });
});
