import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@stromwerk/contracts/error-codes';
import type { OauthNetwork } from '@stromwerk/contracts/social-values';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { randomSecret, sameSecret, sha256 } from '../../lib/secrets';
import type { Actor } from '../../plugins/auth';
import { networks } from './networks/registry';
import type { OauthFlow } from './oauth-flow';
import { apiGetter } from './platform-api';
import type { SocialsService } from './socials.service';

/** A started flow lives this long (design notes 4.3: ten minutes). */
const STATE_TTL_MS = 10 * 60_000;
export const BINDING_COOKIE = 'sw_social_connect';
const BINDING_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

class ConnectError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * OAuth 2 connect (issue 20). `start` records a single-use state for the caller, with the PKCE verifier
 * sealed, bound to this browser by a cookie (HttpOnly, SameSite=Lax, sent back on the provider's
 * top-level redirect) and to the login session; `finish` takes the state whatever happens next, so an
 * answer can be used once, by the browser that asked, while its session lives, for ten minutes.
 */
export class SocialConnectService {
  constructor(
    private readonly socials: SocialsService,
    private readonly flow: OauthFlow,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(actor: Actor, network: OauthNetwork, cookie: string | undefined) {
    this.socials.assertUnscoped(actor);
    const app = await this.socials.apps.app(network);
    if (!app)
      throw new AppError(
        'SOCIAL_NOT_CONFIGURED',
        `This server has no OAuth app for ${networks[network].label}`,
      );
    const box = this.socials.requireBox();
    const state = generateState();
    const verifier = generateCodeVerifier();
    const binding = cookie && BINDING_PATTERN.test(cookie) ? cookie : randomSecret(32);
    const stateHash = sha256(state);
    await this.socials.repo.saveState({
      stateHash,
      bindingHash: sha256(binding),
      userId: actor.user.id,
      sessionId: actor.sessionId ?? null,
      network,
      verifier: box.seal(verifier, `state:${stateHash}`).toString('base64'),
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return { authorizeUrl: this.flow.authorizationUrl(app, state, verifier), binding };
  }

  /** The provider's answer; returns where the browser goes next (the Socials page, with the outcome). */
  async finish(
    network: OauthNetwork,
    query: { code?: string; state?: string; error?: string; scope?: string },
    cookie: string | undefined,
  ): Promise<string> {
    try {
      const id = await this.complete(network, query, cookie);
      return `/user/socials?connected=${id}`;
    } catch (e) {
      const code = e instanceof ConnectError ? e.code : 'SOCIAL_CONNECT_FAILED';
      // Messages name the step, never a token or code.
      this.log.info({ network, code, reason: (e as Error).message }, 'social connect refused');
      return `/user/socials?error=${code}`;
    }
  }

  private async complete(
    network: OauthNetwork,
    query: { code?: string; state?: string; error?: string; scope?: string },
    cookie: string | undefined,
  ): Promise<string> {
    const invalid = (why: string) => new ConnectError('SOCIAL_STATE_INVALID', why);
    if (!query.state) throw invalid('no state');
    const stateHash = sha256(query.state);
    const pending = await this.socials.repo.takeState(stateHash);
    if (!pending || pending.network !== network) throw invalid('unknown, used or expired state');
    if (!cookie || !sameSecret(sha256(cookie), pending.bindingHash)) throw invalid('another browser');
    if (pending.sessionId && !(await this.socials.repo.sessionAlive(pending.sessionId)))
      throw invalid('the session ended');
    if (query.error) throw new ConnectError('SOCIAL_CONNECT_FAILED', `provider said ${query.error}`);
    if (!query.code) throw new ConnectError('SOCIAL_CONNECT_FAILED', 'no code');
    const app = await this.socials.apps.app(network);
    if (!app) throw new ConnectError('SOCIAL_NOT_CONFIGURED', 'no app');
    const box = this.socials.requireBox();
    const verifier = box.open<string>(Buffer.from(pending.verifier, 'base64'), `state:${stateHash}`);
    const { tokens, scopes } = await this.flow.exchange(app, query.code, verifier).catch((e: Error) => {
      throw new ConnectError('SOCIAL_CONNECT_FAILED', `token exchange failed: ${e.message}`);
    });
    const account = await app.account(apiGetter(app, tokens.accessToken)).catch((e: Error) => {
      throw new ConnectError('SOCIAL_CONNECT_FAILED', `account lookup failed: ${e.message}`);
    });
    const existing = await this.socials.repo.ofAccount(pending.userId, network, account.externalId);
    const id = existing?.id ?? randomUUID();
    const values = {
      authType: 'oauth',
      externalName: account.name,
      avatarUrl: account.avatarUrl,
      scopes,
      status: 'connected',
      lastError: null,
      lastCheckedAt: new Date(),
      expiresAt: tokens.expiresAt === null ? null : new Date(tokens.expiresAt),
      hasRefreshToken: tokens.refreshToken !== null,
      secret: this.socials.seal(id, { kind: 'oauth', tokens }),
    };
    if (existing) await this.socials.repo.update(id, values);
    else
      await this.socials.repo.insert({
        id,
        userId: pending.userId,
        network,
        name: account.name,
        externalId: account.externalId,
        ...values,
      });
    return id;
  }
}

/** The binding cookie from a Cookie header. */
export function bindingCookieOf(header: string | undefined): string | undefined {
  const m = header?.match(new RegExp(`(?:^|;\\s*)${BINDING_COOKIE}=([^;]*)`));
  return m?.[1] && BINDING_PATTERN.test(m[1]) ? m[1] : undefined;
}

export function bindingCookie(value: string, secure: boolean): string {
  return `${BINDING_COOKIE}=${value}; Path=/v1/connect-social; Max-Age=${STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
