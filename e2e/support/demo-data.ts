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

export function demoData(): DemoData {
  const raw = process.env.E2E_DEMO;
  if (!raw) throw new Error('E2E_DEMO missing: the global setup creates it');
  return JSON.parse(raw) as DemoData;
}
