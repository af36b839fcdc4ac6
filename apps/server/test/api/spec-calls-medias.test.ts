import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { mediaReady } from '../helpers/library';
import { makeMediaFile } from '../helpers/media';
import { multipartBody } from '../helpers/multipart';
import { op, routeOf } from '../helpers/route-call';
import { createMember } from '../helpers/tenancy';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

/** Issue 33 item 11: `POST /v1/medias` (a media before its file) and `POST /v1/medias/{id}/upload`. */
let ctx: TestContext;
let video: Buffer;
beforeAll(async () => {
  ctx = await createTestApp();
  video = readFileSync(await makeMediaFile(join(ctx.dataDir, 'later.mp4'), { seconds: 1 }));
});
afterAll(() => ctx.close());

async function uploadInto(id: string, token: string, files: { filename: string; data: Buffer }[]) {
  const { payload, headers } = multipartBody(files.map((f) => ({ name: 'file', ...f })));
  const res = await ctx.app.inject({
    ...routeOf('medias.uploadFile', { id }),
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe(`a media created before its file (${testDbEngine()})`, () => {
  it('waits with no file, takes one upload, then is processed like any upload', async () => {
    const created = await op(ctx.app, 'medias.create', {
      token: ctx.owner.token,
      body: { workspaceId: ctx.owner.workspaceId, name: 'Keynote (file follows)' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: 'waiting', origin: 'upload', sizeBytes: 0, files: [] });
    const id = created.body.id;

    const refused = await uploadInto(id, ctx.owner.token, [
      { filename: 'x.mp4', data: Buffer.from('no video') },
    ]);
    expectError(refused, 415, 'UNSUPPORTED_MEDIA', 'file');
    const still = await op(ctx.app, 'medias.get', { token: ctx.owner.token, params: { id } });
    expect(still.body.status).toBe('waiting'); // a refused file puts it back

    const up = await uploadInto(id, ctx.owner.token, [{ filename: 'keynote.mp4', data: video }]);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ id, name: 'Keynote (file follows)', sizeBytes: video.length });
    const ready = await mediaReady(ctx, id);
    expect(ready.durationMs).toBeGreaterThan(500);

    const again = await uploadInto(id, ctx.owner.token, [{ filename: 'other.mp4', data: video }]);
    expectError(again, 409, 'CONFLICT', 'id');
  });

  it('refuses bad input naming the field, and other tenants and readers', async () => {
    expectError(
      await op(ctx.app, 'medias.create', {
        token: ctx.owner.token,
        body: { workspaceId: 'nope', name: 'x' } as never,
      }),
      400,
      'VALIDATION_FAILED',
      'workspaceId',
    );
    expectError(
      await op(ctx.app, 'medias.create', {
        token: ctx.owner.token,
        body: { workspaceId: ctx.owner.workspaceId, name: '' },
      }),
      400,
      'VALIDATION_FAILED',
      'name',
    );
    const stranger = await createTenant(ctx, 'Waiting Media Stranger');
    expectError(
      await op(ctx.app, 'medias.create', {
        token: stranger.user.token,
        body: { workspaceId: ctx.owner.workspaceId, name: 'Sneaky' },
      }),
      404,
      'NOT_FOUND',
    );
    const created = await op(ctx.app, 'medias.create', {
      token: ctx.owner.token,
      body: { workspaceId: ctx.owner.workspaceId, name: 'Two files' },
    });
    const id = created.body.id;
    expectError(
      await uploadInto(id, stranger.user.token, [{ filename: 'a.mp4', data: video }]),
      404,
      'NOT_FOUND',
    );
    const reader = await createMember(ctx, ctx.owner.token, { workspaceId: ctx.owner.workspaceId }, ['read']);
    expectError(await uploadInto(id, reader.token, [{ filename: 'a.mp4', data: video }]), 403, 'FORBIDDEN');
    const two = await uploadInto(id, ctx.owner.token, [
      { filename: 'a.mp4', data: video },
      { filename: 'b.mp4', data: video },
    ]);
    expectError(two, 400, 'VALIDATION_FAILED', 'file');
    const after = await op(ctx.app, 'medias.get', { token: ctx.owner.token, params: { id } });
    expect(after.body).toMatchObject({ status: 'waiting', files: [] });
  });
});
