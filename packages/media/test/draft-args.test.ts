import { draftOutputSchema, timelineSchema } from '@stromwerk/contracts/drafts';
import { describe, expect, it } from 'vitest';
import { buildDraftRender, type DraftSource } from '../src/draft-args';
import { draftDurationMs, mainStarts } from '../src/draft-graph';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const source = (audio: boolean, width = 1280): DraftSource => ({
  input: { url: `/data/media/${width}.mp4`, format: 'mov' },
  durationMs: 60_000,
  video: { codec: 'h264', width, height: 720, fps: 30 },
  audio: audio ? { codec: 'aac', sampleRate: 48000, channels: 2 } : null,
});
const files = {
  output: '/job/out.mp4',
  graphFile: '/job/graph.txt',
  listFile: '/job/list.txt',
  textFile: (i: number) => `/job/text-${i}.txt`,
};
const three = timelineSchema.parse({
  main: [
    { id: 'c1', mediaId: A, inMs: 0, outMs: 5000, transitionOut: { type: 'fade', durationMs: 1000 } },
    { id: 'c2', mediaId: B, inMs: 1000, outMs: 5000, transitionOut: { type: 'wipeleft', durationMs: 500 } },
    { id: 'c3', mediaId: A, inMs: 10_000, outMs: 13_000 },
  ],
});
const out = draftOutputSchema.parse({});

describe('draft timeline to ffmpeg', () => {
  it('counts transitions once: offsets on the joined stream, duration without the overlaps', () => {
    expect(draftDurationMs(three)).toBe(5000 + 4000 + 3000 - 1000 - 500);
    expect(mainStarts(three)).toEqual([0, 4000, 7500]);
    const plan = buildDraftRender(three, out, { [A]: source(true), [B]: source(false, 640) }, files);
    expect(plan.graph).toContain('xfade=transition=fade:duration=1.000:offset=4.000');
    expect(plan.graph).toContain('xfade=transition=wipeleft:duration=0.500:offset=7.500');
    expect(plan.args).toEqual(
      expect.arrayContaining(['-t', '10.500', '-filter_complex_script', '/job/graph.txt']),
    );
  });

  it('puts every clip in one time base, so a cut before a transition joins (concat answers in AVTB)', () => {
    const cutThenFade = timelineSchema.parse({
      main: [
        { id: 'c1', mediaId: A, inMs: 0, outMs: 2000 },
        { id: 'c2', mediaId: A, inMs: 2000, outMs: 4000, transitionOut: { type: 'fade', durationMs: 500 } },
        { id: 'c3', mediaId: B, inMs: 0, outMs: 3000 },
      ],
    });
    const plan = buildDraftRender(cutThenFade, out, { [A]: source(true), [B]: source(true) }, files);
    const clips = plan.graph!.split('\n').filter((line) => /^\[\d+:v\]fps=/.test(line));
    expect(clips).toHaveLength(3);
    for (const line of clips) expect(line).toContain('setpts=PTS-STARTPTS,settb=AVTB');
    expect(plan.graph).toContain('concat=n=2:v=1:a=1[vj1][aj1]');
    expect(plan.graph).toContain('[vj1][v2]xfade=transition=fade:duration=0.500:offset=3.500');
  });

  it('seeks each input to its in-point and gives a silent clip a silence of its length', () => {
    const plan = buildDraftRender(three, out, { [A]: source(true), [B]: source(false, 640) }, files);
    const joined = plan.args.join(' ');
    expect(joined).toContain('-ss 1.000 -t 4.000');
    expect(joined).toContain('-f lavfi -t 4.000 -i anullsrc=r=48000:cl=stereo');
    expect(plan.copyBlockers).toEqual(
      expect.arrayContaining(['transitions', 'clips differ in codec, size, rate or sound']),
    );
  });

  it('copies only plain cuts of matching clips, and says why not otherwise', () => {
    const cuts = timelineSchema.parse({
      main: [
        { id: 'c1', mediaId: A, inMs: 0, outMs: 2000 },
        { id: 'c2', mediaId: A, inMs: 4000, outMs: 6000 },
      ],
    });
    const plan = buildDraftRender(cuts, out, { [A]: source(true) }, files);
    expect(plan.lossless).toBe(true);
    // Each file is read by the media demuxers only, never as a list of its own.
    expect(plan.concatList).toContain(
      "file 'file:/data/media/1280.mp4'\noption format_whitelist mov,matroska,mpegts,mpeg,flv,avi,mp3,wav,aac,ogg,flac,mxf,png_pipe,jpeg_pipe,webp_pipe,gif\ninpoint 4.000\noutpoint 6.000",
    );
    const forced = buildDraftRender(cuts, { ...out, renderMode: 'reencode' }, { [A]: source(true) }, files);
    expect(forced.lossless).toBe(false);
    expect(() =>
      buildDraftRender(
        three,
        { ...out, renderMode: 'copy' },
        { [A]: source(true), [B]: source(true) },
        files,
      ),
    ).toThrow(/transitions/);
  });

  it('refuses job paths that would need quoting inside the graph, and media it was not given', () => {
    expect(() =>
      buildDraftRender(
        three,
        out,
        { [A]: source(true), [B]: source(true) },
        { ...files, graphFile: "/job/g'x.txt" },
      ),
    ).toThrow(/plain/);
    expect(() => buildDraftRender(three, out, { [A]: source(true) }, files)).toThrow(B);
  });

  it('refuses transitions longer than the clips they join', () => {
    const bad = timelineSchema.safeParse({
      main: [
        { id: 'c1', mediaId: A, inMs: 0, outMs: 1000, transitionOut: { type: 'fade', durationMs: 1500 } },
        { id: 'c2', mediaId: A, inMs: 0, outMs: 5000 },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['main', 0, 'transitionOut']);
  });
});
