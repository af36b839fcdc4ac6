import { type OauthNetwork, oauthNetworks } from '@stromwerk/contracts/social-values';
import type { OauthAppSetting, PutOauthAppBody } from '@stromwerk/contracts/socials';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { Config } from '../../plugins/config';
import { networks } from './networks/registry';
import { type OauthApp, oauthAppOf, redirectUriOf, type StoredApp } from './oauth-apps';
import type { OauthAppRow, SocialSettingsRepository } from './social-settings.repository';

/** The context a stored client secret is sealed under (a sealed value moved to another network does not open). */
const appContext = (network: string) => `oauth-app:${network}`;

/**
 * Install-wide OAuth apps (issue 20): from SOCIAL_<NETWORK>_CLIENT_ID/_SECRET, which win, or stored by a
 * platform administrator with the secret sealed. Read from the database on each use, so every process of
 * a cluster sees a change at once; a secret that no longer opens counts as no app.
 */
export class OauthAppStore {
  constructor(
    private readonly repo: SocialSettingsRepository,
    private readonly config: Config,
    private readonly box: SecretBox | undefined,
  ) {}

  async app(network: OauthNetwork): Promise<OauthApp | undefined> {
    if (this.config.socials[network].clientId) return oauthAppOf(this.config, network);
    return oauthAppOf(this.config, network, this.opened(await this.repo.oauthApp(network)));
  }

  /** Every OAuth network's app, for the admin page and the Socials page (one query). */
  async all(): Promise<Map<OauthNetwork, OauthApp | undefined>> {
    const rows = new Map((await this.repo.oauthApps()).map((r) => [r.network, r]));
    return new Map(
      oauthNetworks.map((n) => [n, oauthAppOf(this.config, n, this.opened(rows.get(n)))] as const),
    );
  }

  async settings(): Promise<OauthAppSetting[]> {
    const rows = new Map((await this.repo.oauthApps()).map((r) => [r.network, r]));
    return oauthNetworks.map((n) => this.settingOf(n, rows.get(n)));
  }

  async put(network: OauthNetwork, body: PutOauthAppBody): Promise<OauthAppSetting> {
    if (!this.box)
      throw new AppError('FEATURE_UNAVAILABLE', 'Storing an OAuth app needs SECRETS_KEY on this server');
    const secret =
      body.clientSecret === undefined
        ? undefined
        : this.box.seal(body.clientSecret, appContext(network)).toString('base64');
    await this.repo.saveOauthApp(network, body.clientId, secret);
    return this.settingOf(network, await this.repo.oauthApp(network));
  }

  async remove(network: OauthNetwork) {
    await this.repo.removeOauthApp(network);
  }

  private settingOf(network: OauthNetwork, row: OauthAppRow | undefined): OauthAppSetting {
    const env = this.config.socials[network];
    const base = {
      network,
      redirectUri: redirectUriOf(this.config, network),
      consoleUrl: networks[network].oauth?.consoleUrl ?? '',
    };
    if (env.clientId)
      return { ...base, clientId: env.clientId, hasSecret: Boolean(env.clientSecret), source: 'environment' };
    if (row) return { ...base, clientId: row.clientId, hasSecret: Boolean(row.secret), source: 'database' };
    return { ...base, clientId: null, hasSecret: false, source: 'none' };
  }

  private opened(row: OauthAppRow | undefined): StoredApp | undefined {
    if (!row) return undefined;
    if (!row.secret) return { clientId: row.clientId, clientSecret: null };
    if (!this.box) return undefined;
    try {
      const secret = this.box.open<string>(Buffer.from(row.secret, 'base64'), appContext(row.network));
      return { clientId: row.clientId, clientSecret: secret };
    } catch {
      return undefined;
    }
  }
}
