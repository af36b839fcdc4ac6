// The filter graph of a Video Editor render (design notes 1.5, verified): every main clip normalised to the
// output's size, rate and audio format, joined by xfade/acrossfade or concat, overlays and audio beds on
// top. Pure: inputs are numbered by the caller (draft-args.ts), which also writes text overlays to files.
import type { DraftOutput, MainClip, OverlayClip, Timeline } from '@stromwerk/contracts/drafts';

export const AUDIO_FORMAT = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
const s = (ms: number) => (ms / 1000).toFixed(3);

export const sizeOf = (o: DraftOutput) => {
  const [w, h] = o.size.split('x').map(Number) as [number, number];
  return { w, h };
};

export const clipLength = (c: { inMs: number; outMs: number }) => c.outMs - c.inMs;
const joinMs = (c: MainClip) =>
  c.transitionOut && c.transitionOut.type !== 'cut' ? c.transitionOut.durationMs : 0;

/** The output's length: the main clips end to end, less what each transition overlaps. */
export function draftDurationMs(t: Timeline): number {
  return t.main.reduce((sum, c, i) => sum + clipLength(c) - (i < t.main.length - 1 ? joinMs(c) : 0), 0);
}

/** Where each main clip starts on the output timeline. */
export function mainStarts(t: Timeline): number[] {
  let at = 0;
  return t.main.map((c) => {
    const start = at;
    at += clipLength(c) - joinMs(c);
    return start;
  });
}

export interface GraphInputs {
  /** Input index of each main clip, and of the silence standing in for its missing audio (or null). */
  main: { video: number; audio: number; silent: boolean }[];
  /** Input index of each image overlay (text overlays have none), by overlay position. */
  overlays: (number | null)[];
  /** Input index of each audio-bed clip, in track order. */
  beds: number[];
  /** File holding each text overlay's text (drawtext `textfile`, so no text is ever parsed as filter syntax). */
  textFiles: (string | null)[];
}

function normaliseVideo(o: DraftOutput, input: number, c: MainClip, label: string) {
  const { w, h } = sizeOf(o);
  const length = clipLength(c);
  const fit =
    o.fit === 'cover'
      ? `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h}`
      : `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=0x${o.background.slice(1)}`;
  const fades = [
    c.fadeInMs > 0 ? `fade=t=in:st=0:d=${s(c.fadeInMs)}` : null,
    c.fadeOutMs > 0 ? `fade=t=out:st=${s(length - c.fadeOutMs)}:d=${s(c.fadeOutMs)}` : null,
  ].filter(Boolean);
  // settb=AVTB: concat answers in AVTB whatever its inputs were, and xfade refuses two inputs of different
  // time bases, so a cut followed by a transition (a split clip, then a fade) needs every clip in AVTB.
  return `[${input}:v]fps=${o.fps},${fit},setsar=1,format=yuv420p,trim=duration=${s(length)},setpts=PTS-STARTPTS,settb=AVTB${fades.map((f) => `,${f}`).join('')}[${label}]`;
}

function normaliseAudio(input: number, c: MainClip, label: string) {
  const length = clipLength(c);
  const gain = c.muted ? 0 : c.volume;
  const fades = [
    c.fadeInMs > 0 ? `afade=t=in:st=0:d=${s(c.fadeInMs)}` : null,
    c.fadeOutMs > 0 ? `afade=t=out:st=${s(length - c.fadeOutMs)}:d=${s(c.fadeOutMs)}` : null,
  ].filter(Boolean);
  // apad+atrim: every clip's sound is exactly as long as its picture, so joins stay in sync.
  return `[${input}:a]${AUDIO_FORMAT},apad,atrim=duration=${s(length)},asetpts=PTS-STARTPTS,volume=${gain}${fades.map((f) => `,${f}`).join('')}[${label}]`;
}

function overlayFilter(
  o: DraftOutput,
  ov: OverlayClip,
  input: number | null,
  textFile: string | null,
  i: number,
  base: string,
  label: string,
) {
  const { w, h } = sizeOf(o);
  const enable = `enable='between(t,${s(ov.atMs)},${s(ov.atMs + ov.durationMs)})'`;
  if (ov.type === 'text') {
    const big = ov.preset === 'title';
    const size = Math.round(h / (big ? 12 : 20));
    const place = big
      ? 'x=(w-text_w)/2:y=(h-text_h)/2'
      : `x=${Math.round(w * 0.05)}:y=${Math.round(h * 0.8)}`;
    const box = big ? '' : `:box=1:boxcolor=black@0.6:boxborderw=${Math.round(size / 2)}`;
    return [
      `[${base}]drawtext=textfile='${textFile}':expansion=none:fontcolor=white:fontsize=${size}:${place}${box}:${enable}[${label}]`,
    ];
  }
  const dur = ov.durationMs;
  const fades = [
    ov.fadeInMs > 0 ? `,fade=t=in:st=0:d=${s(ov.fadeInMs)}:alpha=1` : '',
    ov.fadeOutMs > 0 ? `,fade=t=out:st=${s(dur - ov.fadeOutMs)}:d=${s(ov.fadeOutMs)}:alpha=1` : '',
  ].join('');
  return [
    // A still is one frame: looped and stamped at the output rate, then cut to the overlay's length.
    `[${input}:v]loop=loop=-1:size=1:start=0,setpts=N/(${o.fps}*TB),trim=duration=${s(dur)},scale=${Math.max(2, Math.round(w * ov.w))}:-2,format=rgba,colorchannelmixer=aa=${ov.opacity}${fades},setpts=PTS-STARTPTS+${s(ov.atMs)}/TB[ov${i}]`,
    `[${base}][ov${i}]overlay=x=${Math.round(w * ov.x)}:y=${Math.round(h * ov.y)}:eof_action=pass:${enable}[${label}]`,
  ];
}

/** The whole graph; its outputs are `[vout]` and `[aout]`. */
export function draftGraph(t: Timeline, o: DraftOutput, inputs: GraphInputs): string {
  const lines: string[] = [];
  t.main.forEach((c, i) => {
    lines.push(normaliseVideo(o, inputs.main[i]!.video, c, `v${i}`));
    lines.push(normaliseAudio(inputs.main[i]!.audio, c, `a${i}`));
  });
  // Join left to right; offsets count on the already joined stream.
  let v = 'v0';
  let a = 'a0';
  let joined = clipLength(t.main[0]!);
  for (let i = 1; i < t.main.length; i++) {
    const join = t.main[i - 1]!.transitionOut;
    const nv = `vj${i}`;
    const na = `aj${i}`;
    if (join && join.type !== 'cut') {
      const d = join.durationMs;
      const type = join.type === 'dissolve' ? 'dissolve' : join.type;
      lines.push(`[${v}][v${i}]xfade=transition=${type}:duration=${s(d)}:offset=${s(joined - d)}[${nv}]`);
      lines.push(`[${a}][a${i}]acrossfade=d=${s(d)}[${na}]`);
      joined += clipLength(t.main[i]!) - d;
    } else {
      lines.push(`[${v}][${a}][v${i}][a${i}]concat=n=2:v=1:a=1[${nv}][${na}]`);
      joined += clipLength(t.main[i]!);
    }
    v = nv;
    a = na;
  }
  t.overlays.forEach((ov, i) => {
    const label = `vo${i}`;
    lines.push(...overlayFilter(o, ov, inputs.overlays[i] ?? null, inputs.textFiles[i] ?? null, i, v, label));
    v = label;
  });
  const beds: string[] = [];
  t.audio
    .flatMap((track) => track.clips)
    .forEach((c, i) => {
      const fades = [
        c.fadeInMs > 0 ? `,afade=t=in:st=0:d=${s(c.fadeInMs)}` : '',
        c.fadeOutMs > 0 ? `,afade=t=out:st=${s(c.durationMs - c.fadeOutMs)}:d=${s(c.fadeOutMs)}` : '',
      ].join('');
      lines.push(
        `[${inputs.beds[i]}:a]${AUDIO_FORMAT},atrim=duration=${s(c.durationMs)},asetpts=PTS-STARTPTS,volume=${c.volumeDb}dB${fades},adelay=delays=${c.atMs}:all=1[b${i}]`,
      );
      beds.push(`[b${i}]`);
    });
  const loud = o.loudnessLufs === null ? '' : `,loudnorm=I=${o.loudnessLufs}:TP=-1.5:LRA=11,${AUDIO_FORMAT}`;
  if (beds.length > 0)
    lines.push(
      `[${a}]${beds.join('')}amix=inputs=${beds.length + 1}:duration=first:normalize=0,alimiter=limit=0.95${loud}[aout]`,
    );
  else lines.push(`[${a}]anull${loud}[aout]`);
  lines.push(`[${v}]null[vout]`);
  return lines.join(';\n');
}
