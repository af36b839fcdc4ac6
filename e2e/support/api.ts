import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect } from '@playwright/test';
import { createClient, type StromwerkClient } from '@stromwerk/client/create-client';
import type { UploadFile } from '@stromwerk/client/upload-options';
import { mediaRoutes } from '@stromwerk/contracts/api/medias';
import { fillPath } from '@stromwerk/contracts/api/route';
import type { Media } from '@stromwerk/contracts/medias';
import type { Permission } from '@stromwerk/contracts/permissions';
import { adminToken, e2eEnv } from './env';

/** The typed /v1 client (packages/client) as a given session. */
export function apiAs(token: string): StromwerkClient {
  return createClient({ baseUrl: e2eEnv().baseUrl, auth: () => ({ bearer: token }) });
}

export const adminApi = () => apiAs(adminToken());

/** The body of `outputs.create` as a caller writes it (defaults left out). */
export type NewOutput = Parameters<StromwerkClient['outputs']['create']>[0]['body'];

/**
 * A file into the workspace's media library, as the web app uploads it (multipart routes have no typed
 * function: they go through the client's `upload`).
 */
export function uploadMedia(api: StromwerkClient, workspaceId: string, file: UploadFile) {
  return api.upload<{ items: Media[] }>({
    path: `${fillPath(mediaRoutes.upload.path)}?workspaceId=${encodeURIComponent(workspaceId)}`,
    files: file,
  });
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.stromwerk.test`;
}

export interface Member {
  email: string;
  password: string;
  name: string;
  token: string;
  userId: string;
}

/**
 * A new user who belongs to `corporationId` (and `workspaceId`, if given): the owner invites, the
 * invitee registers with the code from the answer. Links in the invitation mail are tested elsewhere.
 */
export async function createMember(options: {
  corporationId: string;
  workspaceId?: string;
  permissions?: Permission[];
  name?: string;
  label?: string;
}): Promise<Member> {
  const email = uniqueEmail(options.label ?? 'member');
  const password = 'member-password-1';
  const name = options.name ?? 'Erika Mustermann';
  const invitation = await adminApi().invitations.create({
    body: {
      corporationId: options.corporationId,
      workspaceId: options.workspaceId,
      email,
      permissions: options.permissions ?? ['admin'],
    },
  });
  const session = await createClient({ baseUrl: e2eEnv().baseUrl }).users.register({
    body: { email, password, name, invitationCode: invitation.code },
  });
  return { email, password, name, token: session.token, userId: session.user.id };
}

/** The owner's first corporation and workspace ("My Corporation" / "My Workspace"). */
export async function ownerHome() {
  const api = adminApi();
  const corporation = (await api.corporations.list()).items.find((c) => c.name === 'My Corporation');
  if (!corporation) throw new Error('first-run corporation missing');
  const workspace = (await api.workspaces.list({ query: { corporationId: corporation.id } })).items[0];
  if (!workspace) throw new Error('first-run workspace missing');
  return { corporation, workspace };
}

/** Uploads a file as the owner under `name` and waits until the library has probed it (ready). */
export async function uploadReadyMedia(workspaceId: string, file: string, name = basename(file)) {
  const { items } = await uploadMedia(adminApi(), workspaceId, {
    name,
    data: new Blob([readFileSync(file)]),
  });
  const id = items[0]!.id;
  await expect
    .poll(async () => (await adminApi().medias.get({ params: { id } })).status, { timeout: 30_000 })
    .toBe('ready');
  return id;
}
