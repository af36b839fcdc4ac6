import { createCoreClient } from '@stromwerk/client/core-resources';

/**
 * Right after sign-up, before the new session is stored (storing it restarts the app), find the
 * workspace to land in. A client of its own carries the fresh token for this one call.
 */
export async function firstWorkspaceId(token: string, corporationId: string): Promise<string | undefined> {
  const client = createCoreClient({ auth: () => ({ bearer: token }) });
  try {
    const page = await client.workspaces.list({ query: { corporationId, limit: 1 } });
    return page.items[0]?.id;
  } catch {
    return undefined;
  }
}
