import { randomUUID } from 'node:crypto';
import type { Page } from '@stromwerk/contracts/common';
import { medias } from '../../src/db/schema/media';
import { notifications } from '../../src/db/schema/notifications';
import { socials } from '../../src/db/schema/socials';
import { type OperationName, routeOf } from '../helpers/route-call';
import { createMember, createWorkspace, type TestUser } from '../helpers/tenancy';
import { type CallOptions, call, createUser, type TestContext } from '../helpers/test-app';

/**
 * One of every resource kind in the first tenant (the bootstrapped owner's corporation), so generated
 * requests can name real ids: the fuzz corpus reaches the services with them, the access matrix aims at them.
 */
export interface Fixtures {
  ids: Record<Kind, string>;
  /** A second workspace of the tenant, for "member of another workspace". */
  otherWorkspaceId: string;
  /** A user holding read in the whole corporation. */
  reader: TestUser;
  /** A user holding admin in `otherWorkspaceId` only. */
  otherWorkspaceAdmin: TestUser;
  /** A user with no membership: the target of userId fields (set-user-permissions and the like). */
  member: TestUser;
  streamKey: string;
  invitationCode: string;
}

export type Kind =
  | 'user'
  | 'corporation'
  | 'workspace'
  | 'source'
  | 'target'
  | 'output'
  | 'comment'
  | 'media'
  | 'job'
  | 'draft'
  | 'marker'
  | 'apiKey'
  | 'invitation'
  | 'notification'
  | 'streamInfo'
  | 'emailVerification'
  | 'passwordReset'
  | 'session'
  | 'social';

async function ok<T>(what: string, res: Promise<{ status: number; body: T }>): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Who owns the fixtures: the bootstrapped owner, or the owner of another tenant. */
export interface TenantOwner {
  token: string;
  user: { id: string; email: string };
  corporationId: string;
  workspaceId: string;
}

export async function buildFixtures(ctx: TestContext, owner: TenantOwner = ctx.owner): Promise<Fixtures> {
  const { app } = ctx;
  const as = { token: owner.token };
  /** One table operation through inject; `params` fill its path. */
  const send = <T>(name: OperationName, options: CallOptions, params?: Record<string, unknown>) => {
    const { method, url } = routeOf(name, params);
    return call<T>(app, method, url, options);
  };
  const post = <T = { id: string }>(name: OperationName, body: unknown, params?: Record<string, unknown>) =>
    ok<T>(routeOf(name, params).url, send<T>(name, { ...as, body }, params));
  const workspaceId = owner.workspaceId;
  const corporationId = owner.corporationId;
  const otherWorkspaceId = await createWorkspace(ctx, owner.token, corporationId, 'Second WS');
  const reader = await createMember(ctx, owner.token, { corporationId }, ['read']);
  const otherWorkspaceAdmin = await createMember(ctx, owner.token, { workspaceId: otherWorkspaceId }, [
    'admin',
  ]);
  const member = await createUser(ctx);

  const source = await post('sources.create', { workspaceId, name: 'Fixture source', type: 'rtmp' });
  const key = await ok('stream key', send<{ streamKey: string }>('sources.streamKey', as, { id: source.id }));
  const target = await post('targets.create', {
    workspaceId,
    name: 'Fixture target',
    sourceId: source.id,
    settings: { type: 'rtmp', url: 'rtmp://example.com/live', streamKey: 'k' },
  });
  const output = await post('outputs.create', {
    workspaceId,
    name: 'Fixture player',
    commentsEnabled: true,
    mainSourceId: source.id,
  });
  const comment = await post('comments.create', { text: 'Fixture comment' }, { id: output.id });
  const [media] = await app.services.database.db
    .insert(medias)
    .values({ corporationId, workspaceId, name: 'Fixture media', origin: 'upload', status: 'ready' })
    .returning();
  const job = await post('jobs.create', { type: 'thumbnail', mediaId: media!.id });
  const draft = await post('drafts.create', { workspaceId, name: 'Fixture draft' });
  const marker = await post('clips.addMarker', { label: 'Fixture marker' }, { id: output.id });
  const apiKey = await post('apiKeys.create', { name: 'Fixture key' }, { id: owner.user.id });
  const invitation = await post<{ id: string; code: string }>('invitations.create', {
    corporationId,
    email: 'fixture-invitee@example.test',
    permissions: ['read'],
  });
  const [notification] = await app.services.database.db
    .insert(notifications)
    .values({
      userId: owner.user.id,
      corporationId,
      workspaceId,
      kind: 'stream-live',
      data: { name: 'Fixture source' },
    })
    .returning();
  // A stream-key connection of the owner (no secret needed: nothing here opens it), so the `/socials/{id}`
  // operations are aimed at a real connection and not only at an unknown id.
  const [social] = await app.services.database.db
    .insert(socials)
    .values({ userId: owner.user.id, network: 'youtube', authType: 'stream-key', name: 'Fixture social' })
    .returning();
  const streamInfo = await post('streamInfos.create', {
    sourceId: source.id,
    streamStart: new Date(Date.now() - 60_000).toISOString(),
  });
  await send('users.startEmailVerification', as, { id: owner.user.id });
  await send('users.startPasswordReset', { query: { email: owner.user.email } });
  const ev = await ok('ev', send<Page<{ id: string }>>('users.listEmailVerifications', as));
  const pr = await ok('pr', send<Page<{ id: string }>>('users.listPasswordResets', as));
  return {
    ids: {
      user: owner.user.id,
      corporation: corporationId,
      workspace: workspaceId,
      source: source.id,
      target: target.id,
      output: output.id,
      comment: comment.id,
      media: media!.id,
      job: job.id,
      draft: draft.id,
      marker: marker.id,
      apiKey: apiKey.id,
      invitation: invitation.id,
      notification: notification!.id,
      streamInfo: streamInfo.id,
      emailVerification: ev.items[0]?.id ?? randomUUID(),
      passwordReset: pr.items[0]?.id ?? randomUUID(),
      // A session token is `<session id>.<secret>`.
      session: owner.token.split('.')[0]!,
      social: social!.id,
    },
    otherWorkspaceId,
    reader,
    otherWorkspaceAdmin,
    member,
    streamKey: key.streamKey,
    invitationCode: invitation.code,
  };
}

/** Which resource a path's `{id}` names: the collection segment before it. */
const KIND_BY_SEGMENT: Record<string, Kind> = {
  users: 'user',
  corporations: 'corporation',
  corporation: 'corporation',
  workspaces: 'workspace',
  sources: 'source',
  targets: 'target',
  outputs: 'output',
  play: 'output',
  comments: 'comment',
  medias: 'media',
  'media-files': 'media',
  jobs: 'job',
  drafts: 'draft',
  'api-keys': 'apiKey',
  invitations: 'invitation',
  notifications: 'notification',
  streaminfos: 'streamInfo',
  'email-verifications': 'emailVerification',
  'password-resets': 'passwordReset',
  sessions: 'session',
  socials: 'social',
};

export function kindOfPathId(path: string): Kind | undefined {
  const parts = path.split('/');
  const at = parts.indexOf('{id}');
  return at > 0 ? KIND_BY_SEGMENT[parts[at - 1]!] : undefined;
}

/**
 * Which resource an id field of a query or body names (workspaceId, mainSourceId, avatarMediaId ...); a
 * bare `ids` (a bulk operation such as `/v1/sources/bulk-delete`) names the collection of the path.
 */
export function kindOfField(field: string, path = ''): Kind | 'member' | undefined {
  const f = field.toLowerCase();
  if (f === 'ids') return KIND_BY_SEGMENT[path.replace(/^\/v1/, '').split('/')[1] ?? ''];
  if (f === 'userid') return 'member';
  for (const [needle, kind] of [
    ['workspace', 'workspace'],
    ['corporation', 'corporation'],
    ['source', 'source'],
    ['media', 'media'],
    ['origin', 'media'],
    ['output', 'output'],
    ['target', 'target'],
    ['job', 'job'],
    ['marker', 'marker'],
    ['draft', 'draft'],
    ['comment', 'comment'],
  ] as const) {
    if (f.includes(needle)) return kind;
  }
  return undefined;
}
