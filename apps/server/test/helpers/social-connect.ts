import type { OauthNetwork } from '@stromwerk/contracts/social-values';
import { expect } from 'vitest';
import { op } from './route-call';
import type { TestContext } from './test-app';

/**
 * Connects `network` for the caller as a browser does: start (answer: the provider's address and a binding
 * cookie), consent at the authorization server (it redirects back with a code), the callback with the
 * cookie. Answers the new connection's id.
 */
export async function connectOauth(ctx: TestContext, token: string, network: OauthNetwork) {
  const started = await op(ctx.app, 'socials.connect', { token, params: { network } });
  expect(started.status).toBe(200);
  const cookie = String(started.headers['set-cookie']).split(';')[0]!;
  const consent = await fetch(started.body.authorizeUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  const id = String(res.headers.location).match(/connected=([0-9a-f-]{36})$/)?.[1];
  expect(id, String(res.headers.location)).toBeDefined();
  return id!;
}
