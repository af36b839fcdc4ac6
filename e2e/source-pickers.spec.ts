import { adminApi, ownerHome, uploadReadyMedia } from './support/api';
import { expect, test } from './support/fixtures';
import { smallVideo } from './support/media-files';

/**
 * Issue 13 points 1 and 8: a re-live source picks its media by name (ids appear nowhere in the UI), and
 * dates are written in the app's language (dd.MM.yyyy in German), not the browser's (en-US here).
 */
const readyMedia = (workspaceId: string, name: string) =>
  uploadReadyMedia(workspaceId, smallVideo(name), `${name}.mkv`);

async function sourceNamed(workspaceId: string, name: string) {
  const { items } = await adminApi().sources.listInWorkspace({
    params: { id: workspaceId },
    query: { search: name },
  });
  return items.find((s) => s.name === name);
}

test.describe('as owner', () => {
  test.use({ session: 'owner' });

  test('a re-live source picks its media by name from a searchable list', async ({ page }) => {
    const { corporation, workspace } = await ownerHome();
    const mediaName = `Replay keynote ${Date.now()}`;
    const mediaId = await readyMedia(workspace.id, mediaName);
    const name = `Re-live ${Date.now()}`;

    await page.goto(`/${corporation.id}/${workspace.id}/sources`);
    // An empty list offers the button a second time, in its empty state.
    await page.getByRole('button', { name: 'Add source' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add stream source' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('combobox', { name: 'Source type' }).click();
    await page.getByRole('option', { name: 'Re-live' }).click();

    const picker = form.getByRole('combobox', { name: 'Media' });
    await picker.click();
    await picker.fill('replay keynote');
    await page.getByRole('option', { name: new RegExp(mediaName) }).click();
    await expect(picker).toHaveValue(mediaName);
    await form.getByRole('button', { name: 'Add source' }).click();
    await expect(form).toBeHidden();

    await expect.poll(async () => (await sourceNamed(workspace.id, name))?.mediaId).toBe(mediaId);
    // Editing shows the chosen media by its name again.
    await page
      .getByRole('listitem', { name })
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await expect(
      page.getByRole('dialog', { name: 'Source settings' }).getByRole('combobox', { name: 'Media' }),
    ).toHaveValue(mediaName);
    // A re-live source plays its media in a loop from now on: not for the rest of the run.
    const created = await sourceNamed(workspace.id, name);
    if (created) await adminApi().sources.remove({ params: { id: created.id } });
  });
});

test.describe('as owner in German', () => {
  test.use({ session: 'owner', lang: 'de' });

  test('a scheduled start is entered and shown as dd.MM.yyyy HH:mm', async ({ page }) => {
    const { corporation, workspace } = await ownerHome();
    const name = `Geplant ${Date.now()}`;
    await page.goto(`/${corporation.id}/${workspace.id}/sources`);
    await page.getByRole('button', { name: 'Quelle hinzufügen' }).first().click();
    const form = page.getByRole('dialog', { name: 'Stream-Quelle hinzufügen' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Sofort starten').uncheck();

    const label = 'Geplanter Start (Datum und Uhrzeit)';
    const field = form.getByLabel(label).and(page.locator('input'));
    // Empty, the field shows the German pattern, not the browser's mm/dd/yyyy.
    await expect(form.getByText('TT').first()).toBeVisible();
    await form.getByRole('spinbutton', { name: 'Tag' }).first().click();
    await page.keyboard.type('241220301830');
    await expect(field).toHaveValue('24.12.2030 18:30');
    await form.getByRole('button', { name: 'Quelle hinzufügen' }).click();
    await expect(form).toBeHidden();

    const expected = await page.evaluate(() => new Date(2030, 11, 24, 18, 30).toISOString());
    await expect
      .poll(async () => new Date((await sourceNamed(workspace.id, name))?.scheduledStart ?? 0).toISOString())
      .toBe(expected);
    await page
      .getByRole('listitem', { name })
      .getByRole('button', { name: `${name} bearbeiten` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Quelleneinstellungen' });
    await expect(edit.getByLabel(label).and(page.locator('input'))).toHaveValue('24.12.2030 18:30');
  });
});
