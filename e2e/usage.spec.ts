import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { adminApi } from './support/api';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { screenshotsDir } from './support/screenshots-dir';

/**
 * A corporation with two workspaces whose players had viewers: 3 viewer sessions in Alpha, 2 in Beta,
 * opened through the public play API (metered by the server, written by its 2 s flush in e2e).
 */
async function corporationWithViewers(label: string) {
  const api = adminApi();
  const corporation = await api.corporations.create({ body: { name: `${label} ${Date.now()}` } });
  const workspaces = [];
  for (const [name, viewers] of [
    ['Alpha', 3],
    ['Beta', 2],
  ] as const) {
    const ws = await api.workspaces.create({ body: { corporationId: corporation.id, name } });
    const source = await api.sources.create({ body: { workspaceId: ws.id, name: 'Cam', type: 'rtmp' } });
    const output = await api.outputs.create({
      body: { workspaceId: ws.id, name: 'Stage', mainSourceId: source.id, backupSourceId: null } as never,
    });
    for (let i = 0; i < viewers; i++) {
      const res = await fetch(`${e2eEnv().baseUrl}/v1/play/${output.id}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(200);
    }
    workspaces.push(ws);
  }
  return { corporation, workspaces };
}

/** Opens the usage screen until the flushed figures are there (the meter writes every 2 s). */
async function openUsage(page: Page, corporationId: string, cardLabel: RegExp, value: string) {
  await page.goto(`/${corporationId}/usage`);
  const card = page.getByRole('listitem').filter({ hasText: cardLabel });
  await expect(card).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(card).toContainText(value, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
}

test.describe('usage screen', () => {
  test.use({ session: 'owner' });

  test('cards, a stacked chart per workspace, the breakdown and a CSV download', async ({ page }) => {
    const { corporation } = await corporationWithViewers('Usage Corp');
    await openUsage(page, corporation.id, /Viewer sessions/, '5');
    await expect(page.getByRole('heading', { level: 1, name: `Usage of ${corporation.name}` })).toBeVisible();
    // The limits as gauges: two workspaces, two sources and two players against the corporation's quota.
    const limits = page.getByRole('region', { name: 'Limits' });
    await expect(limits.getByTestId('quota-workspaces')).toContainText(/^Workspaces2 of \d+$/);
    await expect(limits.getByTestId('quota-sources')).toContainText(/2 of \d+/);
    await expect(limits.getByRole('progressbar', { name: 'Players & recorders' })).toHaveAttribute(
      'aria-valuetext',
      /^2 of \d+$/,
    );
    // Nothing the period before: no percentage to show.
    await expect(page.getByRole('listitem').filter({ hasText: 'Viewer sessions' })).toContainText(
      'Nothing to compare with',
    );

    await page.getByRole('combobox', { name: 'Metric' }).click();
    await page.getByRole('option', { name: 'Viewer sessions' }).click();
    const chart = page.getByRole('region', { name: 'Viewer sessions per workspace' });
    // One stack per workspace, in the legend and as bars.
    await expect(chart.getByText('Alpha', { exact: true })).toBeVisible();
    await expect(chart.getByText('Beta', { exact: true })).toBeVisible();
    await expect(chart.locator('svg rect, svg path').first()).toBeVisible();

    const table = page.getByRole('region', { name: 'Per workspace' });
    await expect(table.getByRole('row', { name: /Alpha/ })).toContainText('3');
    await expect(table.getByRole('row', { name: /Beta/ })).toContainText('2');

    await page.getByRole('combobox', { name: 'Range' }).click();
    await page.getByRole('option', { name: 'Last 24 hours' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Viewer sessions' })).toContainText('5');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(csv[0]).toMatch(/^interval_start,workspace_id,workspace_name,viewer_seconds,.*unique_viewers/);
    const header = csv[0]!.split(',');
    const sessions = (name: string) =>
      csv
        .slice(1)
        .filter((line) => line.split(',')[2] === name)
        .reduce((sum, line) => sum + Number(line.split(',')[header.indexOf('unique_viewers')]), 0);
    expect(sessions('Alpha')).toBe(3);
    expect(sessions('Beta')).toBe(2);
    // 24 hourly rows per workspace.
    expect(csv.length - 1).toBe(48);

    await expectAccessible(page, 'usage screen');
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.screenshot({ path: join(screenshotsDir, 'usage.png'), fullPage: true });
  });

  test.describe('in German', () => {
    test.use({ lang: 'de' });

    test('labels, numbers and dates in German', async ({ page }) => {
      const { corporation } = await corporationWithViewers('Nutzung GmbH');
      await openUsage(page, corporation.id, /Zuschauersitzungen/, '5');
      await expect(
        page.getByRole('heading', { level: 1, name: `Nutzung von ${corporation.name}` }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeVisible();
      // Dates as Germans write them in the subtitle: "28.10.2026, 00:00 bis 27.11.2026, 00:00".
      await expect(
        page.getByText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/),
      ).toBeVisible();
      // The card (its label alone), not the monthly limit's gauge ("Zuschauerstunden in diesem Monat").
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByText('Zuschauerstunden', { exact: true }) });
      await expect(card).toContainText('0 h');
      await expect(page.getByRole('region', { name: 'Zuschauerstunden je Arbeitsbereich' })).toBeVisible();
      // At 900 px the German table scrolls sideways (it did at 1280 px once a scroll bar took its width):
      // the scrolling part must be reachable by keyboard.
      await page.setViewportSize({ width: 900, height: 720 });
      const table = page.getByRole('group', { name: 'Je Arbeitsbereich' });
      expect(await table.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
      await expectAccessible(page, 'usage screen (de)');
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.screenshot({ path: join(screenshotsDir, 'usage-de.png'), fullPage: true });
    });
  });
});
