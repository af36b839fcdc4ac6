import type { PlatformTargetSettings } from '@stromwerk/contracts/targets';
import { ArcticFetchError, OAuth2RequestError } from 'arctic';
import type { PlatformLive } from '../../db/schema/streaming';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../plugins/auth';
import { endpointOf, PRIVATE_REFUSED, publicAddresses, TargetAddressError } from '../targets/target-policy';
import type { TargetRow } from '../targets/targets.repository';
import type { LiveRequest, PlatformApi } from './networks/live-descriptor';
import { PlatformShapeError } from './networks/live-descriptor';
import { networks } from './networks/registry';
import { isOauthNetwork } from './oauth-apps';
import { freshTokens } from './oauth-check';
import type { OauthFlow } from './oauth-flow';
import { apiClient, PlatformHttpError } from './platform-api';
import { NOT_SHARED, SOCIAL_GONE, type SocialSharesService } from './social-shares.service';
import type { SocialRow } from './socials.repository';
import type { SocialsService } from './socials.service';

/** Going live failed; the message is what the target shows (it names the network and what is wrong). */
export class GoLiveError extends Error {}

/** `{date}` and `{source}` filled in. */
export function renderTemplate(text: string, values: { date: string; source: string }) {
  return text.replaceAll('{date}', values.date).replaceAll('{source}', values.source);
}

/**
 * Going live through a social connection (issue 20). The connection's token is opened (and refreshed)
 * only here; the network's live object is created through its descriptor at the configured API address,
 * and the ingest address it answers must pass the targets' address policy before anything is pushed.
 */
export class SocialLiveService {
  constructor(
    private readonly socials: SocialsService,
    private readonly shares: SocialSharesService,
    private readonly flow: OauthFlow,
    private readonly policy: { allowPrivate: boolean },
    private readonly feedName: (row: TargetRow) => Promise<string>,
  ) {}

  /** Creates the platform's live object; answers where to push and what ending it needs. */
  async start(row: TargetRow): Promise<{ ingestUrl: string; live: PlatformLive | null }> {
    const settings = row.settings as PlatformTargetSettings;
    const label = networks[settings.type].label;
    const social = await this.socials.repo.byId(settings.socialId);
    if (!social) throw new GoLiveError(SOCIAL_GONE);
    if (!(await this.shares.usableIn(social, row))) throw new GoLiveError(NOT_SHARED);
    const secret = this.openSecret(social, label);
    if (secret.kind === 'stream-key') {
      const ingest = networks[settings.type].streamKey?.ingest(secret.streamKey);
      if (!ingest) throw new GoLiveError(`${label} has no stream-key ingest`);
      return { ingestUrl: await this.checked(ingest, label), live: null };
    }
    if (secret.kind !== 'oauth') throw new GoLiveError(`${label}: not a live connection`);
    const request = await this.requestOf(row, settings);
    return this.call(label, async () => {
      const api = await this.api(social, secret);
      const started = await networks[settings.type].live!.start(api, request);
      const live = { id: started.id, url: started.url, ids: started.ids };
      try {
        return { ingestUrl: await this.checked(started.ingestUrl, label), live };
      } catch (e) {
        await this.endWith(api, settings.type, live).catch(() => undefined);
        throw e;
      }
    });
  }

  /** Ends the live object (YouTube: complete; Facebook: end_live_video); Twitch ends with the push. */
  async end(row: TargetRow, live: PlatformLive) {
    const settings = row.settings as PlatformTargetSettings;
    const label = networks[settings.type].label;
    if (!networks[settings.type].live?.end) return;
    const social = await this.socials.repo.byId(settings.socialId);
    if (!social) throw new GoLiveError(SOCIAL_GONE);
    const secret = this.openSecret(social, label);
    if (secret.kind !== 'oauth') return;
    await this.call(label, async () => this.endWith(await this.api(social, secret), settings.type, live));
  }

  async subAccounts(actor: Actor, id: string) {
    const social = await this.shares.usable(actor, id);
    const live = networks[social.network as keyof typeof networks].live;
    if (!live?.subAccounts || social.authType !== 'oauth') return { items: [] };
    return { items: await this.asked(social, (api) => live.subAccounts!(api)) };
  }

  async categories(actor: Actor, id: string, query: { q?: string; region?: string }) {
    const social = await this.shares.usable(actor, id);
    const live = networks[social.network as keyof typeof networks].live;
    if (!live?.categories || social.authType !== 'oauth') return { items: [] };
    return { items: await this.asked(social, (api) => live.categories!(api, query)) };
  }

  /** A call for a route: failures answer SOCIAL_PLATFORM_FAILED with the network's words. */
  private async asked<T>(social: SocialRow, fn: (api: PlatformApi) => Promise<T>): Promise<T> {
    const label = networks[social.network as keyof typeof networks].label;
    try {
      const secret = this.openSecret(social, label);
      if (secret.kind !== 'oauth') throw new GoLiveError(`${label}: not an OAuth connection`);
      return await this.call(label, async () => fn(await this.api(social, secret)));
    } catch (e) {
      if (e instanceof GoLiveError) throw new AppError('SOCIAL_PLATFORM_FAILED', e.message);
      throw e;
    }
  }

  private endWith(api: PlatformApi, network: PlatformTargetSettings['type'], live: PlatformLive) {
    return networks[network].live?.end?.(api, live) ?? Promise.resolve();
  }

  private openSecret(social: SocialRow, label: string) {
    try {
      return this.socials.open(social);
    } catch {
      throw new GoLiveError(`${label}: the stored credentials cannot be opened: reconnect the account`);
    }
  }

  private async api(
    social: SocialRow,
    secret: Extract<ReturnType<SocialsService['open']>, { kind: 'oauth' }>,
  ) {
    if (!isOauthNetwork(social.network)) throw new GoLiveError('Not an OAuth network');
    const app = await this.socials.apps.app(social.network);
    if (!app)
      throw new GoLiveError(
        `${networks[social.network].label}: this server no longer has an OAuth app for the network: ask the administrator`,
      );
    const tokens = await freshTokens(this.socials, this.flow, app, social, secret.tokens);
    return apiClient(app, tokens.accessToken);
  }

  private async requestOf(row: TargetRow, s: PlatformTargetSettings): Promise<LiveRequest> {
    const values = { date: new Date().toISOString().slice(0, 10), source: await this.feedName(row) };
    return {
      subAccountId: s.subAccountId,
      title: renderTemplate(s.title, values).slice(0, 100),
      description: renderTemplate(s.description, values),
      visibility: s.visibility,
      category: s.category,
      tags: s.tags.map((t) => renderTemplate(t, values).slice(0, 25)),
    };
  }

  /** The ingest address passes the targets' address policy (checked again before each push attempt). */
  private async checked(ingestUrl: string, label: string) {
    if (!/^rtmps?:\/\/[^\s/]+\/\S+$/.test(ingestUrl))
      throw new GoLiveError(`${label} answered an ingest address that is not rtmp:// or rtmps://`);
    if (this.policy.allowPrivate) return ingestUrl;
    try {
      await publicAddresses(endpointOf({ type: 'rtmp', url: ingestUrl, streamKey: '' }).host);
    } catch (e) {
      if (e instanceof TargetAddressError && e.refused)
        throw new GoLiveError(`${label} answered an ingest address this server refuses: ${PRIVATE_REFUSED}`);
    }
    return ingestUrl;
  }

  /** Runs calls to the network and words their failures for the target's state. */
  private async call<T>(label: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof GoLiveError) throw e;
      if (e instanceof OAuth2RequestError)
        throw new GoLiveError(`${label} no longer accepts this connection: reconnect it`);
      if (e instanceof PlatformHttpError) {
        const words = e.platformMessage ? `: ${e.platformMessage}` : '';
        if (e.status === 401)
          throw new GoLiveError(`${label} no longer accepts this connection (401)${words}: reconnect it`);
        throw new GoLiveError(`${label} refused (${e.status})${words}`);
      }
      if (e instanceof PlatformShapeError) throw new GoLiveError(`${label}: ${e.message}`);
      if (e instanceof ArcticFetchError || (e as Error).name === 'TimeoutError' || e instanceof TypeError)
        throw new GoLiveError(`${label} could not be reached`);
      throw new GoLiveError(`${label}: ${(e as Error).message}`);
    }
  }
}
