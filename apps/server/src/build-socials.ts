import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './lib/events';
import type { AccessService } from './modules/access/access.service';
import type { JobsService } from './modules/jobs/jobs.service';
import type { LiveEvents } from './modules/live/live-events';
import type { MediasService } from './modules/medias/medias.service';
import type { OutputsRepository } from './modules/outputs/outputs.repository';
import { SocialPostsRepository } from './modules/social-posts/social-posts.repository';
import { SocialPostsService } from './modules/social-posts/social-posts.service';
import { OauthAppStore } from './modules/socials/oauth-app-store';
import { OauthFlow } from './modules/socials/oauth-flow';
import { SocialConnectService } from './modules/socials/social-connect.service';
import { SocialDirectoryRepository } from './modules/socials/social-directory.repository';
import { SocialDirectoryService } from './modules/socials/social-directory.service';
import { SocialLiveService } from './modules/socials/social-live.service';
import { secretBoxFor } from './modules/socials/social-secrets';
import { SocialSettingsRepository } from './modules/socials/social-settings.repository';
import { SocialSharesService } from './modules/socials/social-shares.service';
import { SocialsRepository } from './modules/socials/socials.repository';
import { SocialsService } from './modules/socials/socials.service';
import type { SourcesRepository } from './modules/sources/sources.repository';
import { SocialBoundTargets } from './modules/targets/social-bound-targets';
import type { TargetsRepository } from './modules/targets/targets.repository';
import type { Config } from './plugins/config';
import type { Database } from './plugins/db';
import type { Services } from './services';

/** What the social part of the composition root (build-services.ts) is built from. */
export interface SocialParts {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  access: AccessService;
  events: EventBus;
  liveEvents: LiveEvents;
  sourcesRepo: SourcesRepository;
  outputsRepo: OutputsRepository;
  targetsRepo: TargetsRepository;
  medias: MediasService;
  jobs: JobsService;
}

/**
 * Social connections, their sharing, going live and posting through them (issues 20, 21). Built before
 * TargetsService, which takes the sharing's bind check; sharing reaches the bound targets through
 * SocialBoundTargets, so neither needs the other.
 */
export function buildSocials(p: SocialParts) {
  const { config, log, access } = p;
  const { db } = p.database;
  const oauthFlow = new OauthFlow();
  const settings = new SocialSettingsRepository(db);
  const secretBox = secretBoxFor(config);
  const socials = new SocialsService(
    new SocialsRepository(db),
    config,
    secretBox,
    oauthFlow,
    log,
    new OauthAppStore(settings, config, secretBox),
  );
  const socialShares = new SocialSharesService(
    socials,
    settings,
    access,
    new SocialBoundTargets(p.targetsRepo, p.events, p.liveEvents),
  );
  // A platform's live object is named after what the target carries: its source or its player.
  const feedName: ConstructorParameters<typeof SocialLiveService>[4] = async (row) => {
    const feed = row.sourceId
      ? await p.sourcesRepo.byId(row.sourceId)
      : row.outputId
        ? await p.outputsRepo.byId(row.outputId)
        : undefined;
    return feed?.name ?? row.name;
  };
  return {
    socials,
    socialShares,
    socialDirectory: new SocialDirectoryService(new SocialDirectoryRepository(db), access, socialShares),
    socialLive: new SocialLiveService(
      socials,
      socialShares,
      oauthFlow,
      { allowPrivate: config.targetAllowPrivate },
      feedName,
    ),
    socialConnect: new SocialConnectService(socials, oauthFlow, log),
    socialPosts: new SocialPostsService(
      new SocialPostsRepository(db),
      access,
      p.medias,
      p.jobs,
      socials,
      oauthFlow,
      config,
    ),
  } satisfies Partial<Services>;
}
