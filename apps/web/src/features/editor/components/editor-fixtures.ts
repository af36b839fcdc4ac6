import type { Draft } from '@stromwerk/contracts/drafts';

/** Test data of the editor's web tests. */
export const DRAFT = '00000000-0000-4000-8000-0000000000d1';
export const M1 = '00000000-0000-4000-8000-0000000000a1';
export const M2 = '00000000-0000-4000-8000-0000000000a2';
export const JOB = '00000000-0000-4000-8000-0000000000b1';
export const RESULT = '00000000-0000-4000-8000-0000000000c1';
export const page = <T>(items: T[]) => ({ items, total: items.length, limit: 200, offset: 0 });

export const media = (id: string, name: string) => ({
  id,
  corporationId: 'c1',
  workspaceId: 'w1',
  name,
  origin: 'upload',
  originId: null,
  status: 'ready',
  error: null,
  sizeBytes: 1000,
  durationMs: 6000,
  mimeType: 'video/mp4',
  info: null,
  files: [],
  links: { original: '/files/original', download: null, thumbnail: '/files/thumb.jpg', preview: null },
  clip: null,
  autoDeleteAt: null,
  uploadedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
export const clip = (id: string, mediaId: string) => ({
  id,
  mediaId,
  inMs: 0,
  outMs: 6000,
  volume: 1,
  muted: false,
  fadeInMs: 0,
  fadeOutMs: 0,
});
export const draft = (over: Partial<Draft> = {}): Draft => ({
  id: DRAFT,
  corporationId: 'c1',
  workspaceId: 'w1',
  name: 'Trailer',
  status: 'editing',
  revision: 3,
  timeline: { version: 1, main: [clip('c1', M1), clip('c2', M2)], overlays: [], audio: [] },
  output: {
    size: '1280x720',
    fps: 30,
    fit: 'contain',
    background: '#000000',
    loudnessLufs: null,
    renderMode: 'auto',
  },
  durationMs: 12_000,
  problems: [],
  lossless: true,
  copyBlockers: [],
  lastRender: null,
  createdBy: null,
  updatedBy: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T11:00:00.000Z',
  ...over,
});
export const job = (state: string, progress = 0) => ({
  id: JOB,
  corporationId: 'c1',
  workspaceId: 'w1',
  type: 'render-draft',
  state,
  mediaId: null,
  draftId: DRAFT,
  resultMediaId: state === 'done' ? RESULT : null,
  progress,
  etaSeconds: null,
  error: null,
  attempts: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  cancelledAt: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
