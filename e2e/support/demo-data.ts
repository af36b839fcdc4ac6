import { createClient } from '@stromwerk/client/create-client';

export interface DemoData {
  token: string;
  corporationId: string;
  workspaceId: string;
}

/**
 * A tenant that looks like real use, for the screenshots: two corporations with a few workspaces and
 * a member who sees only those. Created once in the global setup, so every worker shares it.
 */
export async function createDemoData(baseUrl: string, ownerToken: string): Promise<DemoData> {
  const owner = createClient({ baseUrl, auth: () => ({ bearer: ownerToken }) });
  const northwind = await owner.corporations.create({ body: { name: 'Northwind Media' } });
  const workspaces = [];
  for (const name of ['Live Events', 'Podcast Studio', 'Training Academy', 'Product Launches']) {
    workspaces.push(await owner.workspaces.create({ body: { corporationId: northwind.id, name } }));
  }
  await wireDemoWorkspace(owner, workspaces[0]!.id);
  const alpen = await owner.corporations.create({ body: { name: 'Alpenglühen Rundfunk GmbH' } });
  await owner.workspaces.create({ body: { corporationId: alpen.id, name: 'Morgenmagazin' } });

  const email = `lena.hoffmann-${Date.now()}@e2e.stromwerk.test`;
  const password = 'demo-password-1';
  const codes = [];
  for (const corporation of [northwind, alpen]) {
    codes.push(
      (
        await owner.invitations.create({
          body: { corporationId: corporation.id, email, permissions: ['admin'] },
        })
      ).code,
    );
  }
  const anonymous = createClient({ baseUrl });
  const session = await anonymous.users.register({
    body: { email, password, name: 'Lena Hoffmann', invitationCode: codes[0] },
  });
  const member = createClient({ baseUrl, auth: () => ({ bearer: session.token }) });
  const pending = await member.invitations.list({ query: { scope: 'mine' } });
  for (const invitation of pending.items.filter((i) => i.status === 'pending')) {
    await member.invitations.respond({ params: { id: invitation.id }, body: { accept: true } });
  }
  return { token: session.token, corporationId: northwind.id, workspaceId: workspaces[0]!.id };
}

/** Sources, players and targets of the first workspace, for the Flowchart screenshots (issue 16). */
async function wireDemoWorkspace(owner: ReturnType<typeof createClient>, workspaceId: string) {
  const source = (name: string) => owner.sources.create({ body: { workspaceId, name, type: 'rtmp' } });
  const studioA = await source('Studio A');
  const studioB = await source('Studio B');
  const venue = await source('Venue camera');
  const player = (name: string, mainSourceId: string, backupSourceId: string | null) =>
    owner.outputs.create({ body: { workspaceId, name, mainSourceId, backupSourceId } as never });
  const main = await player('Main stage', studioA.id, studioB.id);
  const backstage = await player('Backstage', venue.id, null);
  const rtmp = { type: 'rtmp' as const, url: 'rtmp://203.0.113.10/live', streamKey: 'demo' };
  const target = (name: string, feed: object) =>
    owner.targets.create({ body: { workspaceId, name, enabled: false, ...feed, settings: rtmp } as never });
  await target('YouTube', { outputId: main.id });
  await target('Twitch', { outputId: main.id });
  await target('Partner CDN', { outputId: backstage.id });
  await target('Archive', { sourceId: studioA.id });
}

export function demoData(): DemoData {
  const raw = process.env.E2E_DEMO;
  if (!raw) throw new Error('E2E_DEMO missing: the global setup creates it');
  return JSON.parse(raw) as DemoData;
}
