import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Media } from '@stromwerk/contracts/medias';
import { waitFor } from './media';
import { multipartBody } from './multipart';
import { op, routeOf } from './route-call';
import type { TestContext } from './test-app';

/** Uploads one file into the owner's workspace as the browser does; answers status and body. */
export async function uploadFile(ctx: TestContext, file: string, filename = basename(file)) {
  const { payload, headers } = multipartBody([{ name: 'file', filename, data: readFileSync(file) }]);
  const res = await ctx.app.inject({
    ...routeOf('medias.upload'),
    query: { workspaceId: ctx.owner.workspaceId },
    payload,
    headers: { ...headers, authorization: `Bearer ${ctx.owner.token}` },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as { items: Media[] } };
}

/** The media once its probe and thumbnail jobs made it ready. */
export const mediaReady = (ctx: TestContext, id: string, timeoutMs = 30_000) =>
  waitFor(
    `media ${id} ready`,
    async () => {
      const m = (await op(ctx.app, 'medias.get', { token: ctx.owner.token, params: { id } })).body;
      return m.status === 'ready' ? m : undefined;
    },
    timeoutMs,
  );

/** The job once it is done, failed or cancelled. */
export const jobEnded = (ctx: TestContext, id: string, timeoutMs = 60_000) =>
  waitFor(
    `job ${id} ended`,
    async () => {
      const j = (await op(ctx.app, 'jobs.get', { token: ctx.owner.token, params: { id } })).body;
      return ['done', 'failed', 'cancelled'].includes(j.state) ? j : undefined;
    },
    timeoutMs,
  );
