import { describe, expect, it } from 'vitest';
import { firstLoads } from './first-loads';

/** As the server's LL-HLS packager writes it: 2 s segments of parts of 0.25 s, a keyframe every 2 s. */
function playlist({ segments, openParts }: { segments: number; openParts: number }) {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:2',
    '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=0.750',
    '#EXT-X-PART-INF:PART-TARGET=0.250',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-DISCONTINUITY-SEQUENCE:0',
  ];
  const partsOf = (msn: number, count: number) => {
    for (let p = 0; p < count; p++)
      lines.push(`#EXT-X-PART:DURATION=0.250,URI="part_${msn}_${p}.m4s"${p === 0 ? ',INDEPENDENT=YES' : ''}`);
  };
  for (let msn = 0; msn < segments; msn++) {
    if (msn === 0) lines.push('#EXT-X-MAP:URI="init_0.mp4"');
    if (msn === 2) lines.push('#EXT-X-DISCONTINUITY', '#EXT-X-MAP:URI="init_1.mp4"');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:2026-11-30T10:00:0${msn * 2}.000Z`);
    partsOf(msn, 8);
    lines.push('#EXTINF:2.000,', `seg_${msn}.m4s`);
  }
  partsOf(segments, openParts);
  lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part_${segments}_${openParts}.m4s"`);
  return `${lines.join('\n')}\n`;
}

describe('firstLoads', () => {
  it('names the init segment and the newest keyframe part at least PART-HOLD-BACK from the end', () => {
    // Ends at 6.75 s: the open segment's first part (6 s) is 0.75 s back, exactly the hold-back.
    expect(firstLoads(playlist({ segments: 3, openParts: 3 }), true)).toEqual(['init_1.mp4', 'part_3_0.m4s']);
    // Ends at 6.5 s: 6 s is too near the end, so the last whole segment's keyframe (4 s).
    expect(firstLoads(playlist({ segments: 3, openParts: 2 }), true)).toEqual(['init_1.mp4', 'part_2_0.m4s']);
  });

  it('takes the init segment the chosen part plays under, not the last one', () => {
    // A new init (a program switch) whose first part is too near the end: the start stays before it.
    const switched = playlist({ segments: 2, openParts: 0 }).replace(
      '#EXT-X-PRELOAD-HINT',
      '#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="init_9.mp4"\n#EXT-X-PART:DURATION=0.250,URI="part_2_0.m4s",INDEPENDENT=YES\n#EXT-X-PRELOAD-HINT',
    );
    expect(firstLoads(switched, true)).toEqual(['init_0.mp4', 'part_1_0.m4s']);
  });

  it('names only the init segment without low latency, or when no part qualifies', () => {
    expect(firstLoads(playlist({ segments: 3, openParts: 3 }), false)).toEqual(['init_1.mp4']);
    expect(firstLoads(playlist({ segments: 0, openParts: 2 }), true)).toEqual([]);
  });

  it('names nothing for a multivariant playlist (hls.js picks the rung)', () => {
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/index.m3u8\n';
    expect(firstLoads(master, true)).toEqual([]);
  });
});
