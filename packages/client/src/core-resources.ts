import { apiKeysApi } from './api-keys';
import { brokerApi } from './broker';
import { corporationsApi } from './corporations';
import { healthApi } from './health';
import { type ClientOptions, createHttp, type HttpCore } from './http';
import { invitationsApi } from './invitations';
import { notificationsApi } from './notifications';
import { createUpload } from './upload';
import { usageApi } from './usage';
import { usersApi } from './users';
import { workspacesApi } from './workspaces';

/** The resources that are not live: identity, tenancy, notifications and the small rest. */
export function coreResources(http: HttpCore) {
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
    /** For routes without a typed function yet. */
    request: http.request,
    upload: createUpload(http),
  };
}

/** A client of the core resources only, for one call made with a token of its own (logout, sign-up). */
export const createCoreClient = (options: ClientOptions = {}) => coreResources(createHttp(options));
