// Time-to-usable per workspace area (issue 13.9): how long after a click in the main navigation an area
// shows its frame (its heading) and its data (the list, or its empty state), in headless Chromium against
// the built production server with a seeded workspace (30 sources, 30 targets, 10 players).
// Run: npx tsx bench/area-time-to-usable.ts [rounds=5]
// The baseline, measured in the same run and browser, is a page without data of its own (the workspace home,
// reached from the Comments Tool by its navigation link: routing, a lazy chunk and the shell; until issue 16
// it was the 'coming soon' Flowchart): each area is reported as a ratio to it, since absolute times drift 30 %
// or more on this machine.
// Goal (issue 13): every area usable in under 1 s on an idle machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createClient } from '@stromwerk/client/create-client';
import { ensureBuilt, serverBuild, webBuild } from '../scripts/lib/builds.mjs';
import { serverEnv, startServerProcess } from '../scripts/lib/server-process.mjs';
import { exited, freePort } from '../scripts/lib/test-support.mjs';
import { writeResult } from './lib/results';

const root = join(import.meta.dirname, '..');
const rounds = Number(process.argv[2] ?? 5);
const GOAL_MS = 1000;
const owner = { email: 'bench@example.test', password: 'bench-password-1' };

/** Each area: its navigation link, and what shows once its data is there (a list or an empty state). */
const areas = [
  {
    name: 'Stream Sources',
    link: 'Stream Sources',
    ready: (p: Page) => p.getByRole('list', { name: 'Stream sources' }),
  },
  {
    name: 'Live-Stream Targets',
    link: 'Live-Stream Targets',
    ready: (p: Page) => p.getByRole('list', { name: 'Live-stream targets' }),
  },
  {
    name: 'Player & Recorder',
    link: 'Player & Recorder',
    ready: (p: Page) => p.getByRole('list', { name: 'Players and recorders' }),
  },
  {
    name: 'Media Management',
    link: 'Media Management',
    ready: (p: Page) => p.getByText('Your media library is empty'),
  },
  {
    name: 'Comments Tool',
    link: 'Comments Tool',
    ready: (p: Page) => p.getByText('No comments yet'),
  },
  {
    name: 'Flowchart',
    link: 'Flowchart',
    ready: (p: Page) => p.getByRole('group', { name: 'target Target 29: offline' }),
  },
];
const BASELINE = 'Home (baseline)';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function seed(base: string) {
  const anonymous = createClient({ baseUrl: base });
  const { token } = await anonymous.users.login({ body: owner });
  const api = createClient({ baseUrl: base, auth: () => ({ bearer: token }) });
  const corporation = (await api.corporations.list()).items[0]!;
  const workspace = (await api.workspaces.list({ query: { corporationId: corporation.id } })).items[0]!;
  const sources = [];
  for (let i = 0; i < 30; i++)
    sources.push(
      await api.sources.create({ body: { workspaceId: workspace.id, name: `Source ${i}`, type: 'rtmp' } }),
    );
  for (let i = 0; i < 30; i++)
    await api.targets.create({
      body: {
        workspaceId: workspace.id,
        name: `Target ${i}`,
        sourceId: sources[i]!.id,
        enabled: false,
        settings: { type: 'rtmp', url: 'rtmp://203.0.113.10/live', streamKey: `k${i}` },
      },
    });
  for (let i = 0; i < 10; i++)
    await api.outputs.create({
      body: { workspaceId: workspace.id, name: `Player ${i}`, mainSourceId: sources[i]!.id },
    });
  return `/${corporation.id}/${workspace.id}`;
}

async function main() {
  ensureBuilt(webBuild);
  ensureBuilt(serverBuild);
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-bench-areas-'));
  const port = await freePort();
  const env = await serverEnv(port, dataDir, {
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
    // The seeded targets stay disabled; their address only has to be accepted.
    TARGET_ALLOW_PRIVATE: 'true',
  });
  const { child: server } = await startServerProcess([process.execPath, 'scripts/start.mjs'], {
    cwd: root,
    env,
  });
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const home = await seed(base);
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Email address').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/`);
    const nav = () => page.getByRole('navigation', { name: 'Main navigation' });
    const times: Record<string, { frame: number[]; usable: number[] }> = {
      [BASELINE]: { frame: [], usable: [] },
    };
    for (let round = 0; round < rounds; round++) {
      // Interleaved: every round visits the baseline and each area once, from the workspace home.
      for (const area of [
        {
          name: BASELINE,
          from: `${home}/comments`,
          link: 'Home',
          ready: (p: Page) => p.getByRole('heading', { level: 1, name: 'My Workspace' }),
        },
        ...areas,
      ]) {
        const from = 'from' in area ? area.from : home;
        await page.goto(`${base}${from}`);
        await nav().waitFor();
        if (from !== home) await page.getByText('No comments yet').waitFor();
        const started = Date.now();
        await nav().getByRole('link', { name: area.link, exact: true }).click();
        await (area.name === BASELINE
          ? area.ready(page)
          : page.getByRole('heading', { level: 1 }).filter({ hasNotText: /^My Workspace$/ })
        ).waitFor();
        const frame = Date.now() - started;
        await area.ready(page).first().waitFor();
        const usable = Date.now() - started;
        times[area.name] ??= { frame: [], usable: [] };
        times[area.name]!.frame.push(frame);
        times[area.name]!.usable.push(usable);
      }
    }
    const baseline = median(times[BASELINE]!.usable);
    const rows = Object.entries(times).map(([name, t]) => ({
      area: name,
      frameMs: median(t.frame),
      usableMs: median(t.usable),
      ratioToBaseline: Number((median(t.usable) / Math.max(1, baseline)).toFixed(2)),
      underGoal: median(t.usable) < GOAL_MS,
    }));
    console.table(rows);
    const slowest = rows.filter((r) => r.area !== BASELINE).sort((a, b) => b.usableMs - a.usableMs)[0]!;
    writeResult(
      'area-time-to-usable',
      { rounds, goalMs: GOAL_MS, baselineMs: baseline, rows },
      `median time to usable after a navigation click: slowest ${slowest.area} ${slowest.usableMs} ms ` +
        `(${slowest.ratioToBaseline}x the data-free baseline of ${baseline} ms; goal < ${GOAL_MS} ms idle: ` +
        `${rows.every((r) => r.underGoal) ? 'pass' : 'FAIL'}); ${rows.map((r) => `${r.area} ${r.usableMs}`).join(', ')}`,
    );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await exited(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
