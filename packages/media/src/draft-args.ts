// The ffmpeg command of a Video Editor render (issue 15): a re-encode through `draft-graph.ts`, or, when
// the draft is only cuts of clips that match in every stream property, a lossless stream copy through the
// concat demuxer. Pure: the caller writes `graph` and `concatList` to the files named in `args`.
import type { DraftOutput, Timeline } from '@stromwerk/contracts/drafts';
import { losslessCut } from '@stromwerk/contracts/keyframes';
import { clipLength, draftDurationMs, draftGraph, type GraphInputs } from './draft-graph';
import { COMMON_ARGS } from './ffmpeg-args';
import { ALLOWED_DEMUXERS, inputAddress, type StoredInput, safeInput } from './safe-input';

/** What the render needs to know of each media the timeline names (from its upload probe). */
export interface DraftSource {
  input: StoredInput;
  durationMs: number;
  video: { codec: string; width: number; height: number; fps: number | null } | null;
  audio: { codec: string; sampleRate: number | null; channels: number | null } | null;
  /** Keyframe times of the picture (`probeKeyframes`): a lossless render starts each clip on one. */
  keyframesMs?: readonly number[];
}

export interface DraftRender {
  args: string[];
  /** The filter graph (for `graphFile`); null on the lossless path. */
  graph: string | null;
  /** The concat demuxer list (for `listFile`); null when re-encoding. */
  concatList: string | null;
  durationMs: number;
  lossless: boolean;
  /** Why a stream copy was not possible (shown beside the "lossless" badge); empty when it was. */
  copyBlockers: string[];
}

export interface DraftFiles {
  output: string;
  graphFile: string;
  listFile: string;
  /** Where the text of overlay `i` is written (the caller writes it). */
  textFile(i: number): string;
}

const s = (ms: number) => (ms / 1000).toFixed(3);
const MEDIA_LIST_FORMATS = ALLOWED_DEMUXERS.join(',');
/** Paths we name inside a filter graph or list: our own job folder, nothing that needs quoting. */
const PLAIN_PATH = /^\/[A-Za-z0-9_./-]+$/;

/** Why this draft cannot be a stream copy of its clips; empty when it can. */
export function copyBlockers(t: Timeline, sources: Record<string, DraftSource>): string[] {
  const why: string[] = [];
  if (t.overlays.length > 0) why.push('overlays');
  if (t.audio.some((track) => track.clips.length > 0)) why.push('audio tracks');
  if (t.main.some((c) => c.transitionOut && c.transitionOut.type !== 'cut')) why.push('transitions');
  if (t.main.some((c) => c.fadeInMs || c.fadeOutMs || c.muted || c.volume !== 1)) why.push('fades or volume');
  const sig = (id: string) => {
    const x = sources[id];
    return JSON.stringify([
      x?.video?.codec,
      x?.video?.width,
      x?.video?.height,
      x?.video?.fps,
      x?.audio?.codec,
      x?.audio?.channels,
      x?.audio?.sampleRate,
    ]);
  };
  if (new Set(t.main.map((c) => sig(c.mediaId))).size > 1)
    why.push('clips differ in codec, size, rate or sound');
  if (t.main.some((c) => !sources[c.mediaId]?.video)) why.push('a clip without picture');
  return why;
}

/**
 * What a lossless render cuts of each main clip: its start moved back to the keyframe at or before In
 * (a stream copy starts on one), its end where asked. The editor shows the same ranges before rendering.
 */
export function losslessCuts(t: Timeline, sources: Record<string, DraftSource>) {
  return t.main.map((c) => losslessCut(sources[c.mediaId]?.keyframesMs ?? [], c.inMs, c.outMs));
}

function losslessRender(t: Timeline, sources: Record<string, DraftSource>, files: DraftFiles): DraftRender {
  const protocols = new Set<string>();
  const cuts = losslessCuts(t, sources);
  const list = t.main.map((c, i) => {
    const { protocols: p, address } = inputAddress(sources[c.mediaId]!.input.url);
    protocols.add(p);
    // The snapped start, named exactly: ffmpeg would seek back to that keyframe anyway, but the concat
    // demuxer would then place the clip as if it started at In, overlapping the clip before it.
    // The list's own whitelist (which has to allow concat) would let a file that is itself a list be read
    // as one: each file gets the media demuxers only.
    return `file '${address.replaceAll("'", "'\\''")}'\noption format_whitelist ${MEDIA_LIST_FORMATS}\ninpoint ${s(cuts[i]!.inMs)}\noutpoint ${s(c.outMs)}`;
  });
  return {
    args: [
      ...COMMON_ARGS,
      '-y',
      ...[
        '-protocol_whitelist',
        [...protocols, 'file'].join(','),
        '-format_whitelist',
        ['concat', ...ALLOWED_DEMUXERS].join(','),
      ],
      ...['-f', 'concat', '-safe', '0', '-i', files.listFile],
      ...[
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-c',
        'copy',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        files.output,
      ],
    ],
    graph: null,
    concatList: `ffconcat version 1.0\n${list.join('\n')}\n`,
    durationMs: cuts.reduce((sum, c) => sum + c.outMs - c.inMs, 0),
    lossless: true,
    copyBlockers: [],
  };
}

/** A part of the output only (the editor's exact preview), encoded fast. */
export interface DraftRange {
  skipMs: number;
  lengthMs: number;
}

export function buildDraftRender(
  t: Timeline,
  output: DraftOutput,
  sources: Record<string, DraftSource>,
  files: DraftFiles,
  range?: DraftRange,
): DraftRender {
  if (t.main.length === 0) throw new Error('the main track is empty');
  const images = t.overlays.flatMap((o) => (o.type === 'image' ? [o] : []));
  for (const c of [...t.main, ...images, ...t.audio.flatMap((a) => a.clips)])
    if (!sources[c.mediaId]) throw new Error(`no source for media ${c.mediaId}`);
  for (const p of [files.graphFile, files.listFile, ...t.overlays.map((_, i) => files.textFile(i))])
    if (!PLAIN_PATH.test(p)) throw new Error(`not a plain job path: ${p}`);
  const blockers = copyBlockers(t, sources);
  if (output.renderMode !== 'reencode' && blockers.length === 0) return losslessRender(t, sources, files);
  if (output.renderMode === 'copy') throw new Error(`a stream copy is not possible: ${blockers.join(', ')}`);

  const inputArgs: string[] = [];
  let next = 0;
  const add = (args: string[]) => {
    inputArgs.push(...args);
    return next++;
  };
  const inputs: GraphInputs = { main: [], overlays: [], beds: [], textFiles: [] };
  for (const c of t.main) {
    const src = sources[c.mediaId]!;
    // Input seeking with a re-encode: fast and frame-accurate (the decoder drops frames up to the point).
    const video = add(['-ss', s(c.inMs), '-t', s(clipLength(c)), ...safeInput(src.input)]);
    const audio = src.audio
      ? video
      : add(['-f', 'lavfi', '-t', s(clipLength(c)), '-i', 'anullsrc=r=48000:cl=stereo']);
    inputs.main.push({ video, audio, silent: !src.audio });
  }
  t.overlays.forEach((ov, i) => {
    inputs.textFiles.push(ov.type === 'text' ? files.textFile(i) : null);
    inputs.overlays.push(ov.type === 'image' ? add(safeInput(sources[ov.mediaId]!.input)) : null);
  });
  for (const c of t.audio.flatMap((track) => track.clips))
    inputs.beds.push(add(['-ss', s(c.inMs), '-t', s(c.durationMs), ...safeInput(sources[c.mediaId]!.input)]));
  const durationMs = range ? range.lengthMs : draftDurationMs(t);
  return {
    args: [
      ...COMMON_ARGS,
      '-y',
      ...inputArgs,
      ...['-filter_complex_script', files.graphFile, '-map', '[vout]', '-map', '[aout]'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        range ? 'ultrafast' : 'veryfast',
        '-crf',
        range ? '28' : '23',
        '-pix_fmt',
        'yuv420p',
        '-r',
        String(output.fps),
      ],
      ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2'],
      // Output seeking: the graph runs from the cut-down timeline's start, the frames before are dropped.
      ...(range ? ['-ss', s(range.skipMs)] : []),
      ...['-t', s(durationMs), '-movflags', '+faststart', '-f', 'mp4', files.output],
    ],
    graph: draftGraph(t, output, inputs),
    concatList: null,
    durationMs,
    lossless: false,
    copyBlockers: blockers,
  };
}
