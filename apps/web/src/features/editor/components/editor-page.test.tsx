import { ApiError } from '@stromwerk/client/api-error';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { clip, DRAFT, draft, JOB, job, M1, M2, media, page, RESULT } from './editor-fixtures';
import { EditorPage } from './editor-page';

const api = vi.hoisted(() => ({
  drafts: {
    listInWorkspace: vi.fn(),
    get: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(),
    render: vi.fn(),
  },
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

function show(search = '') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  shown.queryClient = queryClient;
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/c1/w1/editor${search}`]}>
          <Suspense fallback={null}>
            <EditorPage />
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const shown = { queryClient: new QueryClient() };

const clipNames = () => screen.getAllByTestId('draft-clip').map((card) => card.getAttribute('aria-label'));

// The first render of the whole editor takes seconds in jsdom on a busy machine.
describe('EditorPage', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    // Finds wait up to 5 s: the editor's first renders are slow in jsdom on a machine shared with others.
    configure({ asyncUtilTimeout: 5000 });
    // jsdom plays no media: the preview only loads, seeks and pauses.
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await initI18n();
    await i18n.changeLanguage('en');
    await loadNamespaces(['editor', 'medias']);
  });
  beforeEach(() => {
    api.drafts.listInWorkspace.mockResolvedValue(
      page([
        draft(),
        draft({ id: '00000000-0000-4000-8000-0000000000d2', name: 'Broken', status: 'broken' }),
      ]),
    );
    api.drafts.get.mockResolvedValue(draft());
    api.medias.get.mockImplementation(async ({ params }: { params: { id: string } }) =>
      media(params.id, params.id === M1 ? 'Intro' : params.id === M2 ? 'Interview' : 'Trailer render'),
    );
    api.medias.listInWorkspace.mockResolvedValue(page([media(M1, 'Intro'), media(M2, 'Interview')]));
    api.jobs.listInWorkspace.mockResolvedValue(page([]));
    api.medias.keyframes.mockImplementation(async ({ params }) => ({ mediaId: params.id, keyframesMs: [0] }));
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists drafts with status and length, creates one and deletes one after asking', async () => {
    api.drafts.create.mockResolvedValue(draft({ id: DRAFT, name: 'Teaser' }));
    api.drafts.remove.mockResolvedValue(undefined);
    show();
    const table = await screen.findByRole('table', { name: 'Drafts' });
    const row = within(table).getByRole('button', { name: 'Open Trailer' }).closest('tr')!;
    expect(within(row).getByText('Editing')).toBeTruthy();
    expect(within(row).getByText('0:12')).toBeTruthy();
    expect(within(table).getByText('Media missing')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Delete Broken' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.drafts.remove).toHaveBeenCalledTimes(1));
    expect(api.drafts.remove.mock.calls[0]![0]).toEqual({
      params: { id: '00000000-0000-4000-8000-0000000000d2' },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'New draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'New draft' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Teaser' } });
    api.drafts.get.mockResolvedValue(draft({ name: 'Teaser' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.drafts.create).toHaveBeenCalledTimes(1));
    expect(api.drafts.create.mock.calls[0]![0]).toEqual({ body: { workspaceId: 'w1', name: 'Teaser' } });
    // The new draft opens.
    await screen.findByRole('heading', { level: 1, name: 'Teaser' });
  });

  it('moves a clip with Alt+arrow keys, keeps its focus, and saves the edited timeline with the revision', {
    timeout: 15_000,
  }, async () => {
    api.drafts.update.mockImplementation(async ({ body }) => draft({ ...body, revision: 4 }));
    show(`?draft=${DRAFT}`);
    await screen.findByRole('heading', { level: 1, name: 'Trailer' });
    await waitFor(() => expect(clipNames()).toEqual(['Clip 1: Intro', 'Clip 2: Interview']));
    expect(screen.getByText('Lossless: renders as a stream copy')).toBeTruthy();

    const first = screen.getByRole('group', { name: 'Clip 1: Intro' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight', altKey: true });
    expect(clipNames()).toEqual(['Clip 1: Interview', 'Clip 2: Intro']);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Clip 2: Intro'));

    // In and Out in seconds, a fade between the clips, and a title.
    const second = screen.getByRole('group', { name: 'Clip 2: Intro' });
    fireEvent.change(within(second).getByRole('spinbutton', { name: 'In (s)' }), {
      target: { value: '1.5' },
    });
    fireEvent.change(within(second).getByRole('spinbutton', { name: 'Out (s)' }), { target: { value: '5' } });
    const join = screen.getByRole('group', { name: 'Transition after clip 1' });
    fireEvent.mouseDown(within(join).getByRole('combobox', { name: 'Transition' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fade' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add title' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Welcome' } });
    expect(screen.getByTestId('draft-duration').textContent).toBe('Total duration: 0:09');

    fireEvent.keyDown(document.body, { key: 's', ctrlKey: true });
    await waitFor(() => expect(api.drafts.update).toHaveBeenCalledTimes(1));
    const call = api.drafts.update.mock.calls[0]![0];
    expect(call.params).toEqual({ id: DRAFT });
    expect(call.body.revision).toBe(3);
    expect(call.body.timeline.main).toEqual([
      { ...clip('c2', M2), transitionOut: { type: 'fade', durationMs: 1000 } },
      { ...clip('c1', M1), inMs: 1500, outMs: 5000 },
    ]);
    expect(call.body.timeline.overlays).toEqual([
      { id: 't3', type: 'text', text: 'Welcome', preset: 'title', atMs: 0, durationMs: 3000 },
    ]);
    await screen.findByText('Saved');

    // The next save names the revision the server answered.
    fireEvent.click(screen.getByRole('button', { name: 'Remove title Welcome' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.drafts.update).toHaveBeenCalledTimes(2));
    expect(api.drafts.update.mock.calls[1]![0].body.revision).toBe(4);
  });

  it('undoes and redoes edits with the keyboard', async () => {
    show(`?draft=${DRAFT}`);
    await waitFor(() => expect(clipNames()).toEqual(['Clip 1: Intro', 'Clip 2: Interview']));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Clip 1: Intro' })).getByRole('button', { name: 'Remove' }),
    );
    expect(clipNames()).toEqual(['Clip 1: Interview']);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(clipNames()).toEqual(['Clip 1: Intro', 'Clip 2: Interview']);
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(clipNames()).toEqual(['Clip 1: Interview']);
  });

  it('offers to reload when someone else saved meanwhile (409 DRAFT_CONFLICT)', async () => {
    api.drafts.update.mockRejectedValue(
      new ApiError(409, { code: 'DRAFT_CONFLICT', message: 'The draft was saved meanwhile' }),
    );
    show(`?draft=${DRAFT}`);
    const first = await screen.findByRole('group', { name: 'Clip 1: Intro' });
    fireEvent.click(within(first).getByRole('button', { name: 'Duplicate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText(/Someone else saved this draft at/);
    api.drafts.get.mockResolvedValue(draft({ revision: 5, name: 'Trailer (theirs)' }));
    fireEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: /Load their version/,
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Trailer (theirs)' });
    expect(clipNames()).toHaveLength(2);
    expect(screen.queryByText(/Someone else saved/)).toBeNull();
  });

  it('says so at once when a live update brings a revision saved elsewhere', async () => {
    show(`?draft=${DRAFT}`);
    await screen.findByRole('group', { name: 'Clip 1: Intro' });
    expect(screen.queryByText(/Someone else saved/)).toBeNull();
    api.drafts.get.mockResolvedValue(draft({ revision: 4 }));
    // What the live draft message does.
    await shown.queryClient.invalidateQueries({ queryKey: ['drafts'] });
    await screen.findByText(/Someone else saved this draft at/);
    fireEvent.click(screen.getByRole('button', { name: /Load their version/ }));
    await waitFor(() => expect(screen.queryByText(/Someone else saved/)).toBeNull());
  });

  it('renders: shows the job progress, then the new media with a link to the library', async () => {
    api.drafts.render.mockResolvedValue(job('queued'));
    api.jobs.listInWorkspace.mockResolvedValue(page([job('running', 40)]));
    show(`?draft=${DRAFT}`);
    await waitFor(() => expect(clipNames()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Render' }));
    await waitFor(() => expect(api.drafts.render).toHaveBeenCalledWith({ params: { id: DRAFT } }));
    const progress = await screen.findByRole('progressbar', { name: 'Render progress of Trailer' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    cleanup();

    api.drafts.get.mockResolvedValue(
      draft({
        status: 'rendered',
        lastRender: { jobId: JOB, mediaId: RESULT, revision: 3, renderedAt: '2026-11-25T12:00:00.000Z' },
      }),
    );
    api.jobs.listInWorkspace.mockResolvedValue(page([job('done', 100)]));
    show(`?draft=${DRAFT}`);
    const link = await screen.findByRole('link', { name: 'Trailer render' });
    expect(link.getAttribute('href')).toBe('/c1/w1/media?origin=render');
    expect(screen.getByText('Rendered')).toBeTruthy();
  });

  it('shows why a draft is re-encoded and the problems of a broken draft on their clips', async () => {
    api.drafts.get.mockResolvedValue(
      draft({
        status: 'broken',
        lossless: false,
        copyBlockers: ['transitions', 'overlays'],
        problems: [{ clipId: 'c2', mediaId: M2, message: 'The media is gone' }],
      }),
    );
    show(`?draft=${DRAFT}`);
    await screen.findByText('Re-encoded because of: transitions and titles or images');
    const broken = await screen.findByRole('group', { name: 'Clip 2: Interview' });
    expect(within(broken).getByText('Problem: The media is gone')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Render' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
