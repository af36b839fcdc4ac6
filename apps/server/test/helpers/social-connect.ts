import type { OauthNetwork } from '@stromwerk/contracts/social-values';
import { expect } from 'vitest';
import { op } from './route-call';
import type { TestContext } from './test-app';

/** SOCIAL_<NETWORK>_* settings pointing a network at the authorization server and an API stand-in. */
export function socialEnv(network: OauthNetwork, authUrl: string, apiUrl: string, withApp = true) {
  const name = `SOCIAL_${network.toUpperCase().replace('-', '_')}`;
  return {
    ...(withApp
      ? { [`${name}_CLIENT_ID`]: 'stromwerk-test', [`${name}_CLIENT_SECRET`]: 'client-secret-xyz' }
      : {}),
    [`${name}_AUTHORIZE_URL`]: `${authUrl}/authorize`,
    [`${name}_TOKEN_URL`]: `${authUrl}/token`,
    [`${name}_REVOKE_URL`]: `${authUrl}/revoke`,
    [`${name}_API_URL`]: apiUrl,
  };
}

/**
 * Connects `network` for the user of `token` the way a browser does: start, consent at the authorization
 * server (oauth2-mock-server answers at once), callback with the binding cookie. Answers the connection id.
 */
export async function connectSocial(ctx: TestContext, token: string, network: OauthNetwork) {
  const res = await op(ctx.app, 'socials.connect', { token, params: { network } });
  expect(res.status).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const consent = await fetch(res.body.authorizeUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  const done = await ctx.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  const id = String(done.headers.location).match(/connected=([0-9a-f-]{36})$/)?.[1];
  expect(id, String(done.headers.location)).toBeDefined();
  return id!;
}
