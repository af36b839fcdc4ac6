import { adminApi, ownerHome } from './support/api';
import { expect, test } from './support/fixtures';

/**
 * Issue 13.2 and 13.3: an SRT source needs no endpoint choice, and a region without an ingest address says
 * so instead of showing a made-up URL. The e2e server runs with the default configuration: it serves
 * Europe and Europe (SRT) itself, US-West has no address.
 */
test.describe('ingest endpoints', () => {
  test.use({ session: 'owner' });

  test('an SRT source is created without touching the endpoint and gets an SRT address', async ({ page }) => {
    const { corporation, workspace } = await ownerHome();
    const name = `SRT cam ${Date.now()}`;
    await page.goto(`/${corporation.id}/${workspace.id}/sources`);
    await page.getByRole('button', { name: 'Add source' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add stream source' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('combobox', { name: 'Source type' }).click();
    await page.getByRole('option', { name: 'SRT', exact: true }).click();
    await expect(form.getByRole('combobox', { name: 'Endpoint' })).toHaveText('Europe (SRT)');
    await form.getByRole('button', { name: 'Add source' }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole('listitem', { name });
    await row.getByRole('button', { name: `Encoder setup for ${name}` }).click();
    const setup = page.getByRole('dialog', { name: `Encoder setup: ${name}` });
    await expect(setup.getByRole('textbox', { name: 'Server URL' })).toHaveValue(/^srt:\/\/[^/]+:\d+$/);
  });

  test('the encoder setup of an unconfigured region says so (en, de); the form marks the region', async ({
    page,
  }) => {
    const { corporation, workspace } = await ownerHome();
    const source = await adminApi().sources.create({
      body: { workspaceId: workspace.id, name: `US studio ${Date.now()}`, type: 'rtmp', endpoint: 'us-west' },
    });
    expect(source.ingestUrl).toBeNull();
    await page.goto(`/${corporation.id}/${workspace.id}/sources`);
    const row = page.getByRole('listitem', { name: source.name });
    await row.getByRole('button', { name: `Encoder setup for ${source.name}` }).click();
    const setup = page.getByRole('dialog', { name: `Encoder setup: ${source.name}` });
    await expect(
      setup.getByText('This region has no ingest address configured on this server; ask your administrator.'),
    ).toBeVisible();
    await expect(setup.getByLabel('Server URL')).toHaveCount(0);
    await setup.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: `Edit ${source.name}` }).click();
    const form = page.getByRole('dialog', { name: 'Source settings' });
    await expect(form.getByRole('combobox', { name: 'Endpoint' })).toHaveText(
      'US-West (not configured on this server)',
    );
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    await page.evaluate(() => localStorage.setItem('user-lang', 'de'));
    await page.reload();
    await row.getByRole('button', { name: `Encoder-Einrichtung für ${source.name}` }).click();
    await expect(
      page
        .getByRole('dialog')
        .getByText(
          'Für diese Region ist auf diesem Server keine Ingest-Adresse eingerichtet; wenden Sie sich an Ihre Administration.',
        ),
    ).toBeVisible();
    await page.evaluate(() => localStorage.setItem('user-lang', 'en'));
  });
});
