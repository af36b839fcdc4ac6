import { adminApi, ownerHome, uploadReadyMedia } from './support/api';
import { expect, test } from './support/fixtures';
import { smallVideo } from './support/media-files';
import { postAsViewers } from './support/player';

/**
 * Issue 13 point 1: every source, player and media a form refers to is picked by typing its name (a
 * searchable list; media with a thumbnail), and the saved entity carries the right id. The re-live
 * source's media picker has its own flow in source-pickers.spec.ts.
 */

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function newSource(workspaceId: string, name: string) {
  return adminApi().sources.create({ body: { workspaceId, name, type: 'rtmp' } });
}

test.describe('as owner', () => {
  test.use({ session: 'owner' });

  test('the player form picks main, backup, fallback and overlay by name', async ({ page }) => {
    const { corporation, workspace } = await ownerHome();
    const s = stamp();
    const [main, backup, standbyId, logoId] = await Promise.all([
      newSource(workspace.id, `Hall A ${s}`),
      newSource(workspace.id, `Hall B ${s}`),
      uploadReadyMedia(workspace.id, smallVideo(`Standby ${s}`), `Standby ${s}.mkv`),
      uploadReadyMedia(workspace.id, smallVideo(`Logo ${s}`), `Logo ${s}.mkv`),
    ]);
    const name = `Picked player ${s}`;

    await page.goto(`/${corporation.id}/${workspace.id}/players`);
    await page.getByRole('button', { name: 'Add player' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add player' });
    await form.getByLabel('Name').fill(name);

    const pick = async (label: string, typed: string, option: string) => {
      const field = form.getByRole('combobox', { name: label });
      await field.click();
      await field.fill(typed);
      await page.getByRole('option', { name: new RegExp(option) }).click();
      await expect(field).toHaveValue(option);
    };
    await pick('Main ingest', `hall a ${s}`, `Hall A ${s}`);
    await pick('Backup ingest', `b ${s}`, `Hall B ${s}`);
    // Media are listed with their thumbnail.
    const fallback = form.getByRole('combobox', { name: 'Fallback media' });
    await fallback.click();
    await fallback.fill(`standby ${s}`);
    await expect(page.getByRole('option', { name: new RegExp(`Standby ${s}`) }).locator('img')).toHaveCount(
      1,
    );
    await page.getByRole('option', { name: new RegExp(`Standby ${s}`) }).click();
    await expect(fallback).toHaveValue(`Standby ${s}`);
    await pick('Overlay image', `logo ${s}`, `Logo ${s}`);
    // No raw id anywhere in the form.
    for (const id of [main.id, backup.id, standbyId, logoId]) await expect(form.getByText(id)).toHaveCount(0);

    await form.getByRole('button', { name: 'Add player' }).click();
    await expect(form).toBeHidden();

    const saved = async () =>
      (
        await adminApi().outputs.listInWorkspace({ params: { id: workspace.id }, query: { limit: 200 } })
      ).items.find((o) => o.name === name);
    await expect
      .poll(async () => {
        const o = await saved();
        return o && [o.mainSourceId, o.backupSourceId, o.fallbackMediaId, o.overlay?.mediaId];
      })
      .toEqual([main.id, backup.id, standbyId, logoId]);

    // Editing shows the names again.
    await page
      .getByRole('listitem', { name })
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Player settings' });
    await expect(edit.getByRole('combobox', { name: 'Main ingest' })).toHaveValue(`Hall A ${s}`);
    await expect(edit.getByRole('combobox', { name: 'Backup ingest' })).toHaveValue(`Hall B ${s}`);
    await expect(edit.getByRole('combobox', { name: 'Fallback media' })).toHaveValue(`Standby ${s}`);
    await expect(edit.getByRole('combobox', { name: 'Overlay image' })).toHaveValue(`Logo ${s}`);
    // The player would play its fallback media (a transcoding loop) for the rest of the run.
    const created = await saved();
    if (created) await adminApi().outputs.remove({ params: { id: created.id } });
  });
});

test.describe('as owner, comments', () => {
  test.use({ session: 'owner' });

  test('the comment list is narrowed to a player picked by name', async ({ page }) => {
    const { corporation, workspace } = await ownerHome();
    const s = stamp();
    const player = (name: string) =>
      adminApi().outputs.create({
        body: {
          workspaceId: workspace.id,
          name,
          commentsEnabled: true,
          moderation: 'none',
          commentExpirationHours: 168,
        },
      });
    const [foyer, garden] = await Promise.all([player(`Foyer ${s}`), player(`Garden ${s}`)]);
    await postAsViewers(foyer.id, [['Ann', `Hello from the foyer ${s}`]]);
    await postAsViewers(garden.id, [['Ben', `Hello from the garden ${s}`]]);

    await page.goto(`/${corporation.id}/${workspace.id}/comments`);
    const filter = page.getByRole('combobox', { name: 'Player' });
    await expect(filter).toHaveAttribute('placeholder', 'All players');
    await expect(page.getByText(`Hello from the foyer ${s}`)).toBeVisible();
    await filter.click();
    await filter.fill(`garden ${s}`);
    await page.getByRole('option', { name: `Garden ${s}` }).click();
    await expect(filter).toHaveValue(`Garden ${s}`);
    await expect(page.getByText(`Hello from the garden ${s}`)).toBeVisible();
    await expect(page.getByText(`Hello from the foyer ${s}`)).toHaveCount(0);
  });
});

test.describe('as owner in German', () => {
  test.use({ session: 'owner', lang: 'de' });

  test('the target form picks its feed (a player) by name', async ({ page }) => {
    const { corporation, workspace } = await ownerHome();
    const s = stamp();
    const source = await newSource(workspace.id, `Saal ${s}`);
    const player = await adminApi().outputs.create({
      body: { workspaceId: workspace.id, name: `Saal ${s} Player`, mainSourceId: source.id },
    });
    const name = `Weiterleitung ${s}`;

    await page.goto(`/${corporation.id}/${workspace.id}/targets`);
    await page.getByRole('button', { name: 'Ziel hinzufügen' }).first().click();
    const form = page.getByRole('dialog', { name: 'Live-Stream-Ziel hinzufügen' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('RTMP-URL').fill('rtmp://127.0.0.1:1/live');
    await form.getByRole('switch', { name: 'Aktiviert' }).uncheck();

    const feed = form.getByRole('combobox', { name: 'Quelle (Feed)' });
    await expect(feed).toHaveAttribute('placeholder', 'Keine Quelle');
    await feed.click();
    await feed.fill(`nichts ${s}`);
    await expect(page.getByText('Keine Quelle und kein Player mit diesem Namen.')).toBeVisible();
    // The source and the player share the name's start: both show, each under its heading.
    await feed.fill(`saal ${s}`);
    await expect(page.getByRole('option', { name: `Saal ${s}`, exact: true })).toBeVisible();
    await expect(page.getByRole('listbox').getByText('Player', { exact: true })).toBeVisible();
    await expect(page.getByRole('listbox').getByText('Quellen', { exact: true })).toBeVisible();
    await page.getByRole('option', { name: `Saal ${s} Player` }).click();
    await expect(feed).toHaveValue(`Saal ${s} Player`);
    await form.getByRole('button', { name: 'Ziel hinzufügen' }).click();
    await expect(form).toBeHidden();

    const saved = async () =>
      (
        await adminApi().targets.listInWorkspace({ params: { id: workspace.id }, query: { limit: 200 } })
      ).items.find((t) => t.name === name);
    await expect
      .poll(async () => [(await saved())?.outputId, (await saved())?.sourceId])
      .toEqual([player.id, null]);
  });
});
