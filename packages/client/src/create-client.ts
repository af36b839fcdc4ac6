import { apiKeysApi } from './api-keys';
import { brokerApi } from './broker';
import { corporationsApi } from './corporations';
import { healthApi } from './health';
import { type ClientOptions, createHttp } from './http';
import { invitationsApi } from './invitations';
import {
  clipsApi,
  commentsApi,
  draftsApi,
  graphApi,
  jobsApi,
  mediasApi,
  outputsApi,
  playApi,
  sourcesApi,
  streamInfosApi,
  targetsApi,
} from './live-resources';
import { notificationsApi } from './notifications';
import { createUpload } from './upload';
import { usageApi } from './usage';
import { usersApi } from './users';
import { workspacesApi } from './workspaces';

/** One client per app (or per test user): every resource shares the same base URL, auth and time-out. */
export function createClient(options: ClientOptions = {}) {
  const http = createHttp(options);
  return {
    users: usersApi(http),
    apiKeys: apiKeysApi(http),
    corporations: corporationsApi(http),
    workspaces: workspacesApi(http),
    invitations: invitationsApi(http),
    usage: usageApi(http),
    notifications: notificationsApi(http),
    broker: brokerApi(http),
    health: healthApi(http),
    sources: sourcesApi(http),
    targets: targetsApi(http),
    outputs: outputsApi(http),
    comments: commentsApi(http),
    streamInfos: streamInfosApi(http),
    medias: mediasApi(http),
    jobs: jobsApi(http),
    clips: clipsApi(http),
    drafts: draftsApi(http),
    graph: graphApi(http),
    play: playApi(http),
    /** For routes without a typed function yet. */
    request: http.request,
    upload: createUpload(http),
  };
}

export type StromwerkClient = ReturnType<typeof createClient>;
