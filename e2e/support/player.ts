import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Comment } from '@stromwerk/contracts/comments';
import type { PlaySession, ProgramInput } from '@stromwerk/contracts/outputs';
import { e2eEnv } from './env';

/** Narrow layouts of the player screens are checked by eye from here; only 1200 px shots are documented. */
export const playerScratchDir = join(tmpdir(), 'stromwerk-player-shots');

/**
 * The public player plays: its video's time moves on by more than 3 s in 5 s. With `input`, first waits
 * until the player shows that program input (a switch reloads the player, so its time starts over).
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
  const base = `${e2eEnv().baseUrl}/v1/play/${outputId}`;
  const json = { 'content-type': 'application/json' };
  const session = await fetch(`${base}/session`, { method: 'POST', headers: json, body: '{}' });
  const { token } = (await session.json()) as PlaySession;
  const posted: Comment[] = [];
  for (const [author, text] of comments) {
    const response = await fetch(`${base}/comments?t=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ author, text }),
    });
    posted.push((await response.json()) as Comment);
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
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'image/png' }), 'Sponsor logo.png');
  const response = await fetch(`${e2eEnv().baseUrl}/v1/medias/upload?workspaceId=${workspaceId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { items: { id: string }[] }).items[0]!.id;
}
