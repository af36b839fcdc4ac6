// A wall clock burnt into the picture and read back from a <video> in the browser (issue 18's
// glass-to-glass bench). The picture is four grey stripes, each a base-8 digit of the frame count since
// CLOCK_ZERO_MS (25 per second): levels 16 + 28 * digit stay inside video range and survive compression
// and the browser's YUV -> RGB conversion. 8^4 frames wrap after 164 s; readers unwrap with their own
// clock (latencies are far below half of that).
import type { ChildProcess } from 'node:child_process';
import { publishTestStream } from '../../scripts/lib/test-support.mjs';

export const CLOCK_FPS = 25;
export const CLOCK_ZERO_MS = Date.now();
const WRAP = 8 ** 4;

/** The geq luma expression: stripe k (of 4, left to right) shows digit k of the frame count. */
function clockLuma(countExpr: string) {
  return `st(0,${countExpr});st(1,floor(X*4/W));16+28*mod(floor(ld(0)/pow(8,ld(1))),8)`;
}

export type ClockPicture = 'realistic' | 'small';

/**
 * An encoder like OBS (H.264 2 s GOP, AAC) publishing the wall clock as picture. `realistic` (issue 30:
 * a bench must not stream the easiest case): a 1280x720 30 fps moving test picture at 2.5 Mbit/s
 * (x264 veryfast) with 48 kHz sound, the clock's four stripes in its top quarter; `small`: the clock alone
 * at 64x36 25 fps, for a machine too busy to encode 720p in real time.
 */
export function clockEncoder(url: string, picture: ClockPicture = 'realistic'): ChildProcess {
  // The frame's capture time is the wall clock (RTCTIME) when lavfi made it: that is the "glass".
  const wall = `setpts='(RTCTIME-${CLOCK_ZERO_MS * 1000})/(TB*1000000)'`;
  const luma = clockLuma(`floor(T*${CLOCK_FPS})`);
  if (picture === 'realistic') {
    // The clock is drawn small and scaled up over the picture; both branches keep the input's 30 fps
    // timestamps, so the overlay pairs each frame with its own clock.
    const clock = `scale=64:8,${wall},geq=lum='${luma}':cb=128:cr=128,setpts=N/30/TB,scale=1280:180:flags=neighbor`;
    return publishTestStream(url, {
      picture: 'testsrc2',
      size: '1280x720',
      rate: 30,
      sampleRate: 48000,
      preset: 'veryfast',
      videoArgs: ['-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k'],
      audioBitrate: '128k',
      videoFilter: `split[bg][c];[c]${clock}[clk];[bg][clk]overlay=0:0,format=yuv420p`,
    });
  }
  return publishTestStream(url, {
    // Small on purpose: the encoder must keep real time on a busy machine (a 320x180 geq did not, and
    // its picture clock then fell behind by itself); the page scales it up to read it.
    picture: 'nullsrc',
    size: '64x36',
    rate: CLOCK_FPS,
    sampleRate: 48000,
    videoFilter: `${wall},geq=lum='${luma}':cb=128:cr=128,setpts=N/${CLOCK_FPS}/TB,format=yuv420p`,
  });
}

/** A media file whose picture counts its own frames the same way (the fallback has no wall clock). */
export function counterFileArgs(file: string, seconds: number): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `nullsrc=size=64x36:rate=${CLOCK_FPS}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=660:sample_rate=48000:duration=${seconds}`],
    ...['-vf', `geq=lum='${clockLuma('N')}':cb=128:cr=128,format=yuv420p`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(CLOCK_FPS), '-c:a', 'aac', file],
  ];
}

/** The frame count a picture shows, unwrapped against `nowMs` (it lies in the past of now). */
export function unwrapClock(count: number, nowMs: number): number {
  const expected = ((nowMs - CLOCK_ZERO_MS) / 1000) * CLOCK_FPS;
  return count + WRAP * Math.round((expected - count) / WRAP);
}

/**
 * Runs in the page as an init script (a string: a bundled function would carry the bundler's helpers
 * along): reads the clock from every presented frame of the page's first <video> (canvas drawImage, one
 * pixel row through the four stripes) into window.__clock as [wall ms, count, video time]. Installed
 * after the page had loaded (once Playwright saw the <video>), it missed the frames presented meanwhile:
 * on a busy machine a join counted up to 0.5 s late.
 */
export const CLOCK_READER = `(() => {
  window.__clock = [];
  const readClock = (video) => {
    const canvas = document.createElement('canvas');
    canvas.width = 80;
    canvas.height = 8;
    const g = canvas.getContext('2d', { willReadFrequently: true });
    const read = () => {
      if (video.readyState < 2 || !video.videoWidth) return;
      g.drawImage(video, 0, 0, 80, 8);
      // The top row: the clock fills the whole small picture and the top quarter of the realistic one.
      const row = g.getImageData(0, 0, 80, 1).data;
      let count = 0;
      for (let k = 0; k < 4; k++) {
        // The browser converted video range to full range RGB: back to luma, then to the digit.
        const y = (row[(10 + 20 * k) * 4] * 219) / 255 + 16;
        count += Math.max(0, Math.min(7, Math.round((y - 16) / 28))) * 8 ** k;
      }
      window.__clock.push([Date.now(), count, video.currentTime]);
    };
    const onFrame = () => {
      read();
      video.requestVideoFrameCallback(onFrame);
    };
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(onFrame);
    else setInterval(read, 20);
  };
  // An init script: it runs before the page does and reads the first <video> from the moment it is in
  // the document (the player may show the picture before its app has rendered).
  const found = () => document.querySelector('video');
  if (found()) return readClock(found());
  const watch = new MutationObserver(() => {
    const video = found();
    if (!video) return;
    watch.disconnect();
    readClock(video);
  });
  watch.observe(document, { childList: true, subtree: true });
})()`;
