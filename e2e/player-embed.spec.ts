import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { playRoutes } from '@stromwerk/contracts/api/play';
import { adminApi } from './support/api';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { isCallOf } from './support/routes';

/**
 * The domain whitelist as a browser enforces it: a page on another origin (a second local web server)
 * embeds the public player in an iframe. The player page is sent with a frame-ancestors policy built
 * from the whitelist, so Chromium renders it only inside whitelisted sites.
 */
let site: Server;
let siteOrigin = '';
let playerUrl = '';

test.beforeAll(async () => {
  site = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>Intranet</title><h1>Company intranet</h1>
      <iframe id="player" src="${playerUrl}" width="640" height="360"></iframe>`);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => site.close(() => r())));

async function playerWith(whitelist: string[]) {
  const api = adminApi();
  const workspaceId = (await api.workspaces.list()).items[0]!.id;
  const output = await api.outputs.create({
    body: { workspaceId, name: `Embedded ${Date.now()}`, whitelist },
  });
  playerUrl = `${new URL(e2eEnv().baseUrl).origin}/player/${output.id}`;
  return output;
}

test('a whitelisted site may embed the player', async ({ page }) => {
  await playerWith([new URL(siteOrigin).host]);
  const response = await page.request.get(playerUrl);
  expect(response.headers()['content-security-policy']).toContain(`frame-ancestors 'self' ${siteOrigin}`);
  // The framed player asks for a viewer session naming the embedding site: the server issues it.
  const session = page.waitForResponse((r) => isCallOf(r.request(), playRoutes.session), {
    timeout: 15_000,
  });
  await page.goto(siteOrigin);
  expect((await session).status()).toBe(200);
  const frame = page.frameLocator('#player');
  // The player page rendered inside the frame: its document has our app root with content.
  await expect(frame.locator('#root > *').first()).toBeAttached({ timeout: 15_000 });
});

test('a site not on the whitelist gets no player', async ({ page }) => {
  await playerWith(['intranet.example.com']);
  const blocked = page.waitForEvent('console', {
    predicate: (m) => /frame-ancestors/.test(m.text()),
    timeout: 15_000,
  });
  await page.goto(siteOrigin);
  await blocked;
  await expect(page.frameLocator('#player').locator('#root')).toHaveCount(0);
});
