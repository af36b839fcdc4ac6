// The viewer of bench/glass-to-glass.ts: the public player page in a new browser context, with the clock
// reader (and, on request, the <video>'s event log and the page's request log) installed before the page
// runs, and what the bench computes from the clock samples it records.
import type { Browser, Page } from '@playwright/test';
import { CLOCK_FPS, CLOCK_READER, CLOCK_ZERO_MS, unwrapClock } from './clock-picture';
import { RTC_PROBE, watchJoinRequests } from './realtime-probe';
import { VIDEO_EVENTS } from './video-events';

/** One presented frame: when it was shown, the clock count in its picture, the video's time. */
export type Sample = [wallMs: number, count: number, videoTime: number];

/**
 * Opens `url` in a new context of `browser`. `realtime`: the WebRTC probe too; `events`: the video's
 * events and buffer holes on the console (GLASS_EVENTS); `debug`: every request and answer (GLASS_DEBUG).
 */
export async function openPlayerPage(
  browser: Browser,
  url: string,
  options: { realtime: boolean; events: boolean; debug: boolean },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (options.realtime) await page.addInitScript(RTC_PROBE);
  await page.addInitScript(CLOCK_READER);
  if (options.events) await page.addInitScript(VIDEO_EVENTS);
  const requests = watchJoinRequests(page);
  if (options.debug || options.events) page.on('console', (m) => console.log('page:', m.text()));
  if (options.debug) {
    const short = (u: string) =>
      u.replace(/t=[^&]+/, 't=..').replace(/^.*\/v1\/play\/[^/]+\/(t\/[^/]+\/)?/, '');
    page.on('request', (r) => console.log(Date.now() % 100000, 'request:', short(r.url())));
    page.on('requestfailed', (r) => console.log(Date.now() % 100000, 'failed:', short(r.url())));
    page.on('response', (r) => console.log(Date.now() % 100000, 'response:', r.status(), short(r.url())));
  }
  const openedAt = Date.now();
  await page.goto(url);
  await page.locator('video').waitFor({ state: 'attached', timeout: 30_000 });
  return { page, openedAt, requests, close: () => context.close() };
}

export const samplesOf = (page: Page) => page.evaluate('window.__clock') as Promise<Sample[]>;

/** How old the picture was when it was shown, ms. */
export const latencyOf = ([wall, count]: Sample) =>
  wall - (CLOCK_ZERO_MS + (unwrapClock(count, wall) * 1000) / CLOCK_FPS);

/** The longest time the picture did not change between `from` and `to` (wall ms); `log`: each over 0.3 s. */
export function longestFreeze(samples: Sample[], from: number, to: number, log = false) {
  let longest = 0;
  let since = from;
  let last: number | undefined;
  for (const [wall, count] of samples) {
    if (wall < from || wall > to) continue;
    if (count !== last) {
      if (log && wall - since > 300)
        console.log(`${since % 100000} picture frozen for ${wall - since} ms (count ${last} -> ${count})`);
      longest = Math.max(longest, wall - since);
      since = wall;
      last = count;
    }
  }
  return Math.max(longest, to - since);
}
