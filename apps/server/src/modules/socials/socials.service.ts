import { randomUUID } from 'node:crypto';
import type { PageQuery } from '@stromwerk/contracts/common';
import { networkVisibilities } from '@stromwerk/contracts/social-values';
import type {
  CreateSocialBody,
  SocialCheck,
  SocialNetworkInfo,
  SocialProblem,
  SocialStatus,
  UpdateSocialBody,
} from '@stromwerk/contracts/socials';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { Actor } from '../../plugins/auth';
import type { Config } from '../../plugins/config';
import { checkFtp } from './ftp-check';
import { networks } from './networks/registry';
import type { OauthAppStore } from './oauth-app-store';
import { isOauthNetwork, missingAppNote, redirectUriOf } from './oauth-apps';
import { checkOauth } from './oauth-check';
import type { OauthFlow } from './oauth-flow';
import type { SocialSecret } from './social-secret';
import { secretContext, toSocial } from './social-view';
import type { SocialRow, SocialsRepository } from './socials.repository';

const FIELD_OF: Partial<Record<SocialProblem['code'], string>> = {
  FTP_LOGIN_FAILED: 'password',
  FTP_UNREACHABLE: 'host',
  FTP_PASSIVE_BLOCKED: 'host',
  FTP_TLS_FAILED: 'protocol',
  FTP_PATH_MISSING: 'basePath',
};

/**
 * Social connections of one user (issue 20): only their owner sees or changes them (anyone else: 404).
 * Secrets are sealed with the install's key (social-secrets.ts) and opened only to talk to the network.
 */
export class SocialsService {
  constructor(
    readonly repo: SocialsRepository,
    private readonly config: Config,
    readonly box: SecretBox | undefined,
    private readonly flow: OauthFlow,
    private readonly log: FastifyBaseLogger,
    readonly apps: OauthAppStore,
  ) {}

  /** Per network what this install offers; OAuth where the environment or the admin page set an app. */
  async networks(): Promise<{ items: SocialNetworkInfo[]; secretsReady: boolean }> {
    const apps = await this.apps.all();
    const items = Object.values(networks).map((d): SocialNetworkInfo => {
      const oauth = isOauthNetwork(d.id) ? apps.get(d.id) : undefined;
      const methods: SocialNetworkInfo['methods'] = [];
      if (oauth) methods.push('oauth');
      if (d.streamKey) methods.push('stream-key');
      if (d.credentials) methods.push('credentials');
      return {
        network: d.id,
        methods,
        oauthConfigured: Boolean(oauth),
        redirectUri: isOauthNetwork(d.id) ? redirectUriOf(this.config, d.id) : null,
        scopes: d.oauth?.scopes ?? [],
        supports: { ...d.supports, visibilities: [...networkVisibilities[d.id]] },
        note: isOauthNetwork(d.id) && !oauth ? missingAppNote(d.id) : null,
      };
    });
    return { items, secretsReady: Boolean(this.box) };
  }

  async listOf(userId: string, query: PageQuery) {
    const { rows, total } = await this.repo.pageOf(userId, query.limit, query.offset);
    return { items: rows.map(toSocial), total, limit: query.limit, offset: query.offset };
  }

  /**
   * A key scoped to a corporation or workspace reaches only that; a user's social accounts are outside
   * every such scope, so it may read them but not connect, change, check or delete them.
   */
  assertUnscoped(actor: Actor) {
    if (actor.scope)
      throw forbidden('A scoped API key cannot manage social connections; use a session or an unscoped key');
  }

  async owned(actor: Actor, id: string): Promise<SocialRow> {
    const row = await this.repo.byId(id);
    if (!row || row.userId !== actor.user.id) throw notFound('Social connection');
    return row;
  }

  async get(actor: Actor, id: string) {
    return toSocial(await this.owned(actor, id));
  }

  async update(actor: Actor, id: string, body: UpdateSocialBody) {
    await this.owned(actor, id);
    this.assertUnscoped(actor);
    return toSocial((await this.repo.update(id, { name: body.name }))!);
  }

  requireBox(): SecretBox {
    if (!this.box)
      throw new AppError('FEATURE_UNAVAILABLE', 'Social connections need SECRETS_KEY on this server');
    return this.box;
  }

  seal(id: string, secret: SocialSecret): string {
    return this.requireBox().seal(secret, secretContext(id)).toString('base64');
  }

  open(row: SocialRow): SocialSecret {
    return this.requireBox().open<SocialSecret>(
      Buffer.from(row.secret ?? '', 'base64'),
      secretContext(row.id),
    );
  }

  /** FTP (logged in and listed before it is saved) or a stream key. */
  async create(actor: Actor, body: CreateSocialBody) {
    this.assertUnscoped(actor);
    this.requireBox();
    const id = randomUUID();
    if (body.network !== 'ftp') {
      const row = await this.repo.insert({
        id,
        userId: actor.user.id,
        network: body.network,
        authType: 'stream-key',
        name: body.name,
        secret: this.seal(id, { kind: 'stream-key', streamKey: body.streamKey }),
      });
      return toSocial(row);
    }
    const { password, name, network, ...ftp } = body;
    const problems = await checkFtp({ ...ftp, password }, this.config.targetAllowPrivate);
    const first = problems[0];
    if (first?.code === 'ADDRESS_REFUSED')
      throw new AppError('TARGET_ADDRESS_REFUSED', first.message, [
        { field: 'host', message: first.message },
      ]);
    if (first)
      throw new AppError(
        'SOCIAL_CHECK_FAILED',
        first.message,
        problems.map((p) => ({ field: FIELD_OF[p.code] ?? 'host', message: p.message })),
      );
    const row = await this.repo.insert({
      id,
      userId: actor.user.id,
      network,
      authType: 'credentials',
      name,
      externalName: `${ftp.user}@${ftp.host}`,
      ftp,
      lastCheckedAt: new Date(),
      secret: this.seal(id, { kind: 'ftp', password }),
    });
    return toSocial(row);
  }

  /** Deletes the connection; an OAuth token is revoked first where the network allows it. */
  async remove(actor: Actor, id: string) {
    this.assertUnscoped(actor);
    const row = await this.owned(actor, id);
    if (row.authType === 'oauth' && isOauthNetwork(row.network) && row.secret && this.box) {
      const app = await this.apps.app(row.network);
      try {
        const secret = this.open(row);
        if (app && secret.kind === 'oauth')
          await this.flow.revoke(app, secret.tokens.refreshToken ?? secret.tokens.accessToken);
      } catch (e) {
        // Deleting must not depend on the network: the token is gone from here either way.
        this.log.warn({ social: id, network: row.network, err: (e as Error).message }, 'token not revoked');
      }
    }
    await this.repo.remove(id);
  }

  /** What is wrong with a connection and how to fix it; the connection's status follows. */
  async check(actor: Actor, id: string): Promise<SocialCheck> {
    this.assertUnscoped(actor);
    const row = await this.owned(actor, id);
    let problems: SocialProblem[];
    let status: SocialStatus;
    let changes: Partial<SocialRow> = {};
    let secret: SocialSecret | undefined;
    try {
      secret = row.secret ? this.open(row) : undefined;
    } catch {
      secret = undefined;
    }
    if (!secret) {
      problems = [{ code: 'SECRET_UNREADABLE', message: 'The stored credentials cannot be opened' }];
      status = 'reauth-required';
    } else if (secret.kind === 'ftp' && row.ftp) {
      problems = await checkFtp({ ...row.ftp, password: secret.password }, this.config.targetAllowPrivate);
      status = problems.length ? 'error' : 'connected';
    } else if (secret.kind === 'oauth' && isOauthNetwork(row.network)) {
      const result = await checkOauth(this, this.flow, row, secret);
      ({ problems, status, changes } = result);
    } else {
      problems = [];
      status = 'connected';
    }
    const saved = await this.repo.update(row.id, {
      ...changes,
      status,
      lastError: problems[0]?.message ?? null,
      lastCheckedAt: new Date(),
    });
    const social = toSocial(saved!);
    return {
      ok: problems.length === 0,
      status,
      account: { name: social.externalName, avatarUrl: social.avatarUrl },
      problems,
      social,
    };
  }
}
