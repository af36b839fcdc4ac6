import { ApiError } from '@stromwerk/client/api-error';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { clip, DRAFT, draft, JOB, job, M1, M2, media, page } from './editor-fixtures';
import { EditorPage } from './editor-page';
import { AUTOSAVE_MS } from './use-draft-save';

/** The editor's panels beyond the main track: sound, audio tracks, images, output, preview, autosave. */
const MUSIC = '00000000-0000-4000-8000-0000000000a3';
const LOGO = '00000000-0000-4000-8000-0000000000a4';
const names: Record<string, string> = { [M1]: 'Intro', [M2]: 'Interview', [MUSIC]: 'Music', [LOGO]: 'Logo' };

const api = vi.hoisted(() => ({
  drafts: {
    listInWorkspace: vi.fn(),
    get: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(),
    render: vi.fn(),
  },
  medias: { listInWorkspace: vi.fn(), get: vi.fn() },
  jobs: { listInWorkspace: vi.fn(), cancel: vi.fn() },
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

const clipNames = () => screen.getAllByTestId('draft-clip').map((card) => card.getAttribute('aria-label'));
const field = (scope: HTMLElement, name: string) => within(scope).getByRole('spinbutton', { name });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function pick(combobox: string, option: string, button: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
  const add = screen.getByRole('button', { name: button });
  await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(add);
}

async function choose(combobox: HTMLElement, option: string) {
  fireEvent.mouseDown(combobox);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/**
 * The autosave waits AUTOSAVE_MS after the last edit on its own timer: faked from here on, so the tests
 * move its clock instead of waiting it out for real (4.5 s of real waiting in two tests, which a busy
 * machine added to the slow renders). Real time still runs too, for everything else that waits on timers.
 */
function autosaveClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
}

// The first render of the whole editor takes seconds in jsdom on a busy machine.
describe('Editor panels', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    // Finds wait up to 5 s: the editor's first renders are slow in jsdom on a machine shared with others.
    configure({ asyncUtilTimeout: 5000 });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await initI18n();
    await i18n.changeLanguage('en');
    await loadNamespaces(['editor', 'medias']);
  });
  beforeEach(() => {
    api.drafts.get.mockResolvedValue(draft());
    api.drafts.update.mockImplementation(async ({ body }) => draft({ ...body, revision: 4 }));
    api.medias.get.mockImplementation(async ({ params }: { params: { id: string } }) =>
      media(params.id, names[params.id] ?? 'Other'),
    );
    api.medias.listInWorkspace.mockResolvedValue(page(Object.entries(names).map(([id, n]) => media(id, n))));
    api.jobs.listInWorkspace.mockResolvedValue(page([]));
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    vi.useRealTimers();
  });

  it('sets a clip’s sound, adds an audio track and a logo, sets the output and the name, and saves them', {
    timeout: 30_000,
  }, async () => {
    show();
    const first = await screen.findByRole('group', { name: 'Clip 1: Intro' }, { timeout: 5000 });
    type(field(first, 'Volume (%)'), '50');
    type(field(first, 'Fade in (s)'), '0.5');
    type(field(first, 'Fade out (s)'), '1');
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Mute' }));

    await pick('Audio to add', 'Music', 'Add audio track');
    const track = await screen.findByRole('group', { name: 'Audio 1: Music' });
    type(field(track, 'Start (s)'), '2');
    type(field(track, 'Volume (dB)'), '-12');
    type(field(track, 'Fade out (s)'), '1.5');

    await pick('Image to add', 'Logo', 'Add image');
    const logo = await screen.findByRole('group', { name: 'Image: Logo' });
    await choose(within(logo).getByRole('combobox', { name: 'Position' }), 'Bottom left');
    type(field(logo, 'Opacity (%)'), '50');

    await choose(screen.getByRole('combobox', { name: 'Fit' }), 'Fill the frame (crop)');
    await choose(screen.getByRole('combobox', { name: 'Loudness' }), '-16 LUFS');
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename draft' });
    type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Teaser');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await screen.findByRole('heading', { level: 1, name: 'Teaser' });

    fireEvent.keyDown(document.body, { key: 's', ctrlKey: true });
    // On a slow machine the autosave may have saved the edits before the rename: the save of Ctrl+S is
    // the last one, and it carries everything.
    await waitFor(() => expect(api.drafts.update.mock.calls.at(-1)?.[0].body.name).toBe('Teaser'));
    const { body } = api.drafts.update.mock.calls.at(-1)![0];
    expect(body.timeline.main[0]).toEqual({
      ...clip('c1', M1),
      volume: 0.5,
      muted: true,
      fadeInMs: 500,
      fadeOutMs: 1000,
    });
    expect(body.timeline.audio).toEqual([
      {
        id: expect.any(String),
        clips: [
          {
            id: expect.any(String),
            mediaId: MUSIC,
            atMs: 2000,
            inMs: 0,
            durationMs: 6000,
            volumeDb: -12,
            fadeInMs: 0,
            fadeOutMs: 1500,
          },
        ],
      },
    ]);
    // No picture size known: a 16:9 image, 15 % wide, 3 % from the left and the bottom.
    expect(body.timeline.overlays).toEqual([
      expect.objectContaining({
        type: 'image',
        mediaId: LOGO,
        x: 0.03,
        y: 0.703,
        w: 0.15,
        opacity: 0.5,
        atMs: 0,
        durationMs: 12_000,
      }),
    ]);
    expect(body.output).toMatchObject({ fit: 'cover', loudnessLufs: -16 });

    fireEvent.click(within(track).getByRole('button', { name: 'Remove audio Music' }));
    expect(screen.queryByRole('group', { name: 'Audio 1: Music' })).toBeNull();
  });

  it('splits the clip under the playhead with S, and Ctrl+Z joins it again', async () => {
    show();
    await waitFor(() => expect(clipNames()).toEqual(['Clip 1: Intro', 'Clip 2: Interview']), {
      timeout: 5000,
    });
    const playhead = screen.getByRole('slider', { name: 'Playhead' });
    type(playhead, '1560');
    expect(screen.getByTestId('playhead').textContent).toBe('0:01.5 / 0:12');
    type(playhead, '2000');
    expect(screen.getByTestId('playhead').textContent).toBe('0:02.0 / 0:12');
    fireEvent.keyDown(playhead, { key: 's' });
    expect(clipNames()).toEqual(['Clip 1: Intro', 'Clip 2: Intro', 'Clip 3: Interview']);
    const halves = screen.getAllByTestId('draft-clip').slice(0, 2);
    expect(
      halves.map((c) => [
        field(c, 'In (s)').getAttribute('value'),
        field(c, 'Out (s)').getAttribute('value'),
      ]),
    ).toEqual([
      ['0', '2'],
      ['2', '6'],
    ]);
    // Typing an "s" in a field is no split.
    fireEvent.keyDown(field(halves[0]!, 'In (s)'), { key: 's' });
    expect(clipNames()).toHaveLength(3);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(clipNames()).toEqual(['Clip 1: Intro', 'Clip 2: Interview']);
    // At a clip's edge (or 0.2 s from it, the shortest transition) the split says why it did nothing.
    type(playhead, '5850');
    fireEvent.click(screen.getByRole('button', { name: 'Split at playhead' }));
    expect(clipNames()).toHaveLength(2);
    expect(screen.getByTestId('split-status').textContent).toMatch(
      /^Not split: both parts must be longer than the shortest transition \(0\.2 s\)/,
    );
    type(playhead, '5700');
    expect(screen.getByTestId('split-status').textContent).toBe('');
  });

  it('saves by itself a moment after an edit, with the revision', async () => {
    show();
    const first = await screen.findByRole('group', { name: 'Clip 1: Intro' });
    autosaveClock();
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Mute' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    await waitFor(() => expect(api.drafts.update).toHaveBeenCalledTimes(1));
    expect(api.drafts.update.mock.calls[0]![0].body).toMatchObject({ revision: 3 });
    await screen.findByText('Saved');
  });

  it('never saves over a newer revision by itself: after a 409 it says what changed and waits for the user', {
    timeout: 30_000,
  }, async () => {
    api.drafts.update
      .mockRejectedValueOnce(new ApiError(409, { code: 'DRAFT_CONFLICT', message: 'Saved meanwhile' }))
      .mockResolvedValue(draft({ revision: 5 }));
    show();
    const first = await screen.findByRole('group', { name: 'Clip 1: Intro' });
    // Someone else renamed it meanwhile: the refused save fetches their version.
    api.drafts.get.mockResolvedValue(draft({ revision: 4, name: 'Their cut' }));
    autosaveClock();
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Mute' }));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    const notice = await screen.findByRole('alert');
    await within(notice).findByText(/Someone else saved this draft at/);
    await within(notice).findByText('Renamed to “Their cut”');
    expect(api.drafts.update).toHaveBeenCalledTimes(1);
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Mute' }));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 500);
    expect(api.drafts.update).toHaveBeenCalledTimes(1);
    // Overwriting is the user's explicit choice, with the revision they were shown.
    fireEvent.click(within(notice).getByRole('button', { name: /Keep mine/ }));
    await waitFor(() => expect(api.drafts.update).toHaveBeenCalledTimes(2));
    expect(api.drafts.update.mock.calls[1]![0].body).toMatchObject({ revision: 4 });
    await waitFor(() => expect(screen.queryByText(/Someone else saved this draft/)).toBeNull());
  });

  it('cancels a running render', async () => {
    api.drafts.get.mockResolvedValue(
      draft({
        status: 'rendering',
        lastRender: { jobId: JOB, mediaId: null, revision: 3, renderedAt: null },
      }),
    );
    api.jobs.listInWorkspace.mockResolvedValue(page([{ ...job('running', 30), etaSeconds: 20 }]));
    api.jobs.cancel.mockResolvedValue(undefined);
    show();
    await screen.findByText('Rendering… 30 % · 20 seconds left');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel render' }));
    await waitFor(() => expect(api.jobs.cancel).toHaveBeenCalledWith({ params: { id: JOB } }));
  });
});
