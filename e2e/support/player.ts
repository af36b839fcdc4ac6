import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createClient } from '@stromwerk/client/create-client';
import type { ProgramInput } from '@stromwerk/contracts/outputs';
import { apiAs, uploadMedia } from './api';
import { e2eEnv } from './env';

/** Narrow layouts of the player screens are checked by eye from here; only 1200 px shots are documented. */
export const playerScratchDir = join(tmpdir(), 'stromwerk-player-shots');

/**
 * The public player plays: its video's time moves on by more than 3 s in 5 s. With `input`, first waits
 * until the player shows that program input.
 */
export async function expectPlaybackAdvances(page: Page, input?: ProgramInput) {
  if (input) {
    await expect(page.getByTestId('player-frame')).toHaveAttribute('data-input', input, { timeout: 30_000 });
  }
  const video = page.locator('video');
  const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect(async () => {
    const before = await time();
    await page.waitForTimeout(5000);
    expect((await time()) - before).toBeGreaterThan(3);
  }).toPass({ timeout: 60_000 });
}

export async function shot(page: Page, path: string) {
  mkdirSync(join(path, '..'), { recursive: true });
  await page.mouse.move(0, 0);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
}

export async function narrowShots(page: Page, name: string) {
  for (const width of [400, 700]) {
    await page.setViewportSize({ width, height: 860 });
    await shot(page, join(playerScratchDir, `${name}-${width}.png`));
  }
  await page.setViewportSize({ width: 1200, height: 800 });
}

/** Comments written the way viewers write them: a viewer session, then the public comment call. */
export async function postAsViewers(outputId: string, comments: [author: string, text: string][]) {
  const play = createClient({ baseUrl: e2eEnv().baseUrl }).play;
  const params = { id: outputId };
  const { token } = await play.session({ params, body: {} });
  const posted = [];
  for (const [author, text] of comments) {
    posted.push(await play.comment({ params, query: { t: token }, body: { author, text } }));
  }
  return posted;
}

/** A still image (an orange logo) in the media library, for a player's overlay. */
export async function uploadLogo(workspaceId: string, token: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'stromwerk-logo-'));
  const file = join(dir, 'logo.png');
  const run = spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', 'color=c=orange:s=320x120', '-frames:v', '1', file],
  ]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  const { items } = await uploadMedia(apiAs(token), workspaceId, {
    name: 'Sponsor logo.png',
    data: new Blob([readFileSync(file)], { type: 'image/png' }),
  });
  return items[0]!.id;
}

/**
 * Starts measuring what a viewer sees as a freeze: every 50 ms the page notes whether the video's time
 * moved on; the longest stretch without progress (while not paused) is the longest freeze.
 */
export async function watchFreezes(page: Page) {
  await page.locator('video').evaluate((v: HTMLVideoElement) => {
    const w = window as unknown as { __freeze?: { longest: number; since: number; last: number } };
    if (w.__freeze) {
      w.__freeze.longest = 0;
      w.__freeze.since = performance.now();
      return;
    }
    const state = { longest: 0, since: performance.now(), last: v.currentTime };
    w.__freeze = state;
    setInterval(() => {
      const now = performance.now();
      if (v.currentTime !== state.last || v.paused) {
        state.last = v.currentTime;
        state.since = now;
      } else state.longest = Math.max(state.longest, now - state.since);
    }, 50);
  });
}

/** The longest freeze in ms since watchFreezes (or the last call of this, which starts over). */
export async function longestFreezeMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { __freeze: { longest: number; since: number } };
    const longest = w.__freeze.longest;
    w.__freeze.longest = 0;
    return longest;
  });
}
