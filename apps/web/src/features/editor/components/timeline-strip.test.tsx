import type { Timeline } from '@stromwerk/contracts/drafts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { clip, M1, M2, media } from './editor-fixtures';
import { TimelineStrip } from './timeline-strip';

const MUSIC = '00000000-0000-4000-8000-0000000000a3';
const api = vi.hoisted(() => ({ medias: { get: vi.fn() } }));
vi.mock('../../../lib/api-client', () => ({ api }));

const withPictures = (id: string, name: string) => ({
  ...media(id, name),
  links: { ...media(id, name).links, preview: `/files/${id}/preview.jpg`, waveform: `/files/${id}/wave.png` },
});

let current: Timeline;
function Harness({ initial }: { initial: Timeline }) {
  const [timeline, setTimeline] = useState(initial);
  current = timeline;
  return (
    <TimelineStrip
      timeline={timeline}
      edit={(change) => setTimeline((t) => change(t))}
      playheadMs={0}
      onPlayhead={() => {}}
    />
  );
}

function show(initial: Timeline) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Harness initial={initial} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('TimelineStrip', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['editor']);
    api.medias.get.mockImplementation(async ({ params }: { params: { id: string } }) =>
      withPictures(params.id, { [M1]: 'Intro', [M2]: 'Interview', [MUSIC]: 'Music' }[params.id]!),
    );
  });
  afterEach(cleanup);

  const twoClips: Timeline = {
    version: 1,
    main: [
      { ...clip('c1', M1), inMs: 1500, outMs: 4500 },
      { ...clip('c2', M2), inMs: 0, outMs: 6000 },
    ],
    overlays: [],
    audio: [
      {
        id: 'a1',
        clips: [
          {
            id: 'a2',
            mediaId: MUSIC,
            atMs: 0,
            inMs: 3000,
            durationMs: 3000,
            volumeDb: 0,
            fadeInMs: 0,
            fadeOutMs: 0,
          },
        ],
      },
    ],
  };

  it('draws each clip over the part of its picture strip it plays, and the waveform of each audio clip', async () => {
    show(twoClips);
    const [first] = screen.getAllByTestId('strip-clip');
    // 3 s of a 6 s media: the picture is twice the block's width, shifted by a quarter of it.
    await waitFor(() => expect(first!.style.backgroundImage).toContain(`/files/${M1}/preview.jpg`));
    const width = Number.parseFloat(first!.style.width);
    expect(Number.parseFloat(first!.style.backgroundSize)).toBeCloseTo(width * 2, 0);
    expect(Number.parseFloat(first!.style.backgroundPositionX)).toBeCloseTo(-width / 2, 0);
    const audio = screen.getByTestId('strip-audio');
    await waitFor(() => expect(audio.style.backgroundImage).toContain(`/files/${MUSIC}/wave.png`));
    expect(Number.parseFloat(audio.style.backgroundPositionX)).toBeLessThan(0);
  });

  it('trims with the keyboard on an edge: a tenth, a whole second with Shift, and to the media end', async () => {
    show(twoClips);
    const out = screen.getByRole('slider', { name: 'Out of clip 1' });
    expect(out.getAttribute('aria-valuenow')).toBe('4.5');
    fireEvent.keyDown(out, { key: 'ArrowLeft' });
    expect(current.main[0]!.outMs).toBe(4400);
    fireEvent.keyDown(out, { key: 'ArrowLeft', shiftKey: true });
    expect(current.main[0]!.outMs).toBe(3400);
    // The media's length (6 s) limits Out once it is known.
    await waitFor(() => expect(out.getAttribute('aria-valuemax')).toBe('6'));
    fireEvent.keyDown(out, { key: 'End' });
    expect(current.main[0]!.outMs).toBe(6000);
    const inEdge = screen.getByRole('slider', { name: 'In of clip 1' });
    fireEvent.keyDown(inEdge, { key: 'Home' });
    expect(current.main[0]!.inMs).toBe(0);
    expect(screen.getByRole('slider', { name: 'In of clip 1' }).getAttribute('aria-valuetext')).toBe(
      '0.0 seconds into the media',
    );
    // The second clip was not touched.
    expect(current.main[1]).toMatchObject({ inMs: 0, outMs: 6000 });
  });
});
