import type { EventBus } from './lib/events';
import type { AccessService } from './modules/access/access.service';
import type { IdentityCache } from './modules/access/identity-cache';
import type { MembershipsRepository } from './modules/access/memberships.repository';
import type { ApiKeysService } from './modules/api-keys/api-keys.service';
import type { AuthService } from './modules/auth/auth.service';
import type { TokenService } from './modules/auth/token.service';
import type { ClipsService } from './modules/clips/clips.service';
import type { MarkersService } from './modules/clips/markers.service';
import type { CommentsService } from './modules/comments/comments.service';
import type { CorporationsService } from './modules/corporations/corporations.service';
import type { DraftsService } from './modules/drafts/drafts.service';
import type { GraphService } from './modules/graph/graph.service';
import type { InvitationsService } from './modules/invitations/invitations.service';
import type { JobWorker } from './modules/jobs/job-worker';
import type { JobsService } from './modules/jobs/jobs.service';
import type { LivePlane } from './modules/live/build-live';
import type { LiveEvents } from './modules/live/live-events';
import type { MediaKeyframesService } from './modules/medias/media-keyframes.service';
import type { MediaLinks } from './modules/medias/media-links';
import type { MediaUploadService } from './modules/medias/media-upload.service';
import type { MediasService } from './modules/medias/medias.service';
import type { RecordingsService } from './modules/medias/recordings.service';
import type { WaitingMediaService } from './modules/medias/waiting-media.service';
import type { NotificationsService } from './modules/notifications/notifications.service';
import type { OutputsService } from './modules/outputs/outputs.service';
import type { PlayService } from './modules/play/play.service';
import type { ClusterRelay } from './modules/realtime/cluster-relay';
import type { RealtimePrograms } from './modules/realtime/realtime-programs';
import type { WhepService } from './modules/realtime/whep.service';
import type { WhipService } from './modules/realtime/whip.service';
import type { SessionsService } from './modules/sessions/sessions.service';
import type { SocialPostsService } from './modules/social-posts/social-posts.service';
import type { SocialConnectService } from './modules/socials/social-connect.service';
import type { SocialDirectoryService } from './modules/socials/social-directory.service';
import type { SocialLiveService } from './modules/socials/social-live.service';
import type { SocialSharesService } from './modules/socials/social-shares.service';
import type { SocialsService } from './modules/socials/socials.service';
import type { SourcesService } from './modules/sources/sources.service';
import type { StreamInfosService } from './modules/stream-infos/stream-infos.service';
import type { TargetsService } from './modules/targets/targets.service';
import type { UsageService } from './modules/usage/usage.service';
import type { AvatarService } from './modules/users/avatar.service';
import type { UsersService } from './modules/users/users.service';
import type { VerificationService } from './modules/users/verification.service';
import type { WorkspacesService } from './modules/workspaces/workspaces.service';
import type { BrokerLink } from './plugins/broker-link';
import type { Config } from './plugins/config';
import type { Database } from './plugins/db';
import type { Mailer } from './plugins/mailer';
import type { Storage } from './plugins/storage';

/** What route handlers reach through `app.services`; built once in app.ts. */
export interface Services {
  config: Config;
  database: Database;
  mailer: Mailer;
  events: EventBus;
  /** The services' way to the broker; app.ts connects the running broker to it. */
  brokerLink: BrokerLink;
  /** The one way from a committed change to the live plane (issue 29). */
  liveEvents: LiveEvents;
  live: LivePlane;
  /** Resolved callers (session or API key, user, memberships), dropped by every change to them. */
  identity: IdentityCache;
  tokens: TokenService;
  sessions: SessionsService;
  access: AccessService;
  memberships: MembershipsRepository;
  auth: AuthService;
  users: UsersService;
  verification: VerificationService;
  apiKeys: ApiKeysService;
  corporations: CorporationsService;
  workspaces: WorkspacesService;
  invitations: InvitationsService;
  usage: UsageService;
  notifications: NotificationsService;
  storage: Storage;
  avatars: AvatarService;
  sources: SourcesService;
  targets: TargetsService;
  streamInfos: StreamInfosService;
  medias: MediasService;
  mediaLinks: MediaLinks;
  mediaUpload: MediaUploadService;
  /** Media created before their file (POST /v1/medias) and their one upload. */
  waitingMedia: WaitingMediaService;
  /** Keyframe times of a media, for the Video Editor's lossless range (issue 33 item 10). */
  mediaKeyframes: MediaKeyframesService;
  jobs: JobsService;
  /** Runs queued jobs once app.ts starts it (not on an API process, nor when a test turns jobs off). */
  jobWorker: JobWorker;
  recordings: RecordingsService;
  outputs: OutputsService;
  play: PlayService;
  /** Real time (issue 35): the RTP sources of this process's realtime programs, and their WHEP viewers. */
  realtime: RealtimePrograms;
  whep: WhepService;
  /** A cluster's WHEP requests passed to the program's writer (issue 35 item 4). */
  clusterRelay: ClusterRelay;
  whip: WhipService;
  comments: CommentsService;
  clips: ClipsService;
  markers: MarkersService;
  drafts: DraftsService;
  graph: GraphService;
  socials: SocialsService;
  socialConnect: SocialConnectService;
  socialPosts: SocialPostsService;
  socialShares: SocialSharesService;
  /** GET /v1/socials and tag suggestions (issue 33). */
  socialDirectory: SocialDirectoryService;
  socialLive: SocialLiveService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
