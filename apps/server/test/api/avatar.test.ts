import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../helpers/multipart';
import { op, routeOf } from '../helpers/route-call';
import { createTestApp, createUser, type TestContext } from '../helpers/test-app';

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function upload(token: string | undefined, userId: string, data: Buffer | string, filename = 'me.png') {
  const body = multipartBody([{ name: 'file', filename, contentType: 'image/png', data }]);
  const res = await ctx.app.inject({
    ...routeOf('users.uploadAvatar', { id: userId }),
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('user avatar', () => {
  it('stores an uploaded image, names it on the user and serves it under the CDN base', async () => {
    const user = await createUser(ctx);
    const res = await upload(user.token, user.user.id, PNG);
    expect(res.status).toBe(200);
    const ref = res.body.avatar.files[0].bucketRef as string;
    expect(ref).toBe(`avatars/${res.body.avatarMediaId}`);
    const file = await ctx.app.inject({ method: 'GET', url: `/cdn/${ref}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('replaces the old avatar and removes its file', async () => {
    const user = await createUser(ctx);
    const first = await upload(user.token, user.user.id, PNG);
    const second = await upload(user.token, user.user.id, PNG);
    expect(second.body.avatarMediaId).not.toBe(first.body.avatarMediaId);
    const old = await ctx.app.inject({ method: 'GET', url: `/cdn/avatars/${first.body.avatarMediaId}` });
    expect(old.statusCode).toBe(404);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const user = await createUser(ctx);
    const res = await upload(user.token, user.user.id, 'just some text, honest', 'fake.png');
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA');
    expect(res.body.message).toContain('file');
  });

  it('asks for a file when none is sent', async () => {
    const user = await createUser(ctx);
    const body = multipartBody([{ name: 'other', data: 'x' }]);
    const res = await ctx.app.inject({
      ...routeOf('users.uploadAvatar', { id: user.user.id }),
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).message).toBe('file: Required');
  });

  it("does not let one user set another user's avatar, nor an anonymous caller", async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    expect((await upload(b.token, a.user.id, PNG)).status).toBe(404);
    expect((await upload(undefined, a.user.id, PNG)).status).toBe(401);
  });

  it('removes the avatar on DELETE', async () => {
    const user = await createUser(ctx);
    const up = await upload(user.token, user.user.id, PNG);
    const res = await op(ctx.app, 'users.removeAvatar', { token: user.token, params: { id: user.user.id } });
    expect(res.status).toBe(200);
    expect(res.body.avatar).toBeNull();
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/cdn/avatars/${up.body.avatarMediaId}` })).statusCode,
    ).toBe(404);
  });
});
