import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createClient } from '@stromwerk/client/create-client';
import { freePort, serverEnv, startServerProcess } from '/work/wt-13/scripts/lib/server-process.mjs';

const owner = { email: 'x@example.test', password: 'explore-password-1' };
const mode = process.argv[2] ?? 'js'; // js | data
const path = process.argv[3] ?? 'sources';
const dataDir = mkdtempSync(join(tmpdir(), 'sw-explore-'));
const port = await freePort();
const env = await serverEnv(port, dataDir, { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password });
const { child } = await startServerProcess(['npx', 'tsx', 'apps/server/src/main.ts'], { cwd: '/work/wt-13', env, detached: true });
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const anon = createClient({ baseUrl: base });
  const { token } = await anon.users.login({ body: owner });
  const api = createClient({ baseUrl: base, auth: () => ({ bearer: token }) });
  const c = (await api.corporations.list()).items[0]!;
  const w = (await api.workspaces.list({ query: { corporationId: c.id } })).items[0]!;
  const page = await browser.newPage();
  await page.goto(`${base}/${c.id}/${w.id}/${path}`);
  await page.getByLabel('Email address').waitFor();
  let delaying = false;
  await page.route('**/*', async (route) => {
    const u = route.request().url();
    const slow = delaying && (mode === 'js' ? /\/assets\/.*\.js$/.test(u) : /\/v1\/(workspaces\/[^/]+\/(sources|targets|outputs|medias|comments))/.test(u));
    if (slow) await new Promise((r) => setTimeout(r, 3000));
    await route.continue().catch(() => {});
  });
  await page.getByLabel('Email address').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  delaying = true;
  await page.getByRole('button', { name: 'Log in' }).click();
  for (let i = 0; i < 16; i++) {
    await page.waitForTimeout(250);
    const info = await page.evaluate(() => ({
      url: location.pathname,
      h1: [...document.querySelectorAll('h1')].map((h) => h.textContent),
      progress: document.querySelectorAll('[role=progressbar]').length,
      header: document.querySelectorAll('header').length,
      text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 120),
    }));
    console.log(i * 250 + 250, JSON.stringify(info));
  }
} finally {
  await browser.close();
  process.kill(-child.pid!, 'SIGTERM');
}
