import type { Page, PageQuery } from '@stromwerk/contracts/common';
import type { Corporation } from '@stromwerk/contracts/corporations';
import type { Feature } from '@stromwerk/contracts/permissions';
import type { Social } from '@stromwerk/contracts/socials';
import type {
  EmailVerification,
  LoginBody,
  LogoutAllBody,
  PasswordReset,
  RegisterBody,
  ResetPasswordComplete,
  Session,
  SessionInfo,
  UpdateEmail,
  UpdatePassword,
  UpdateUserBody,
  User,
  UserFlags,
} from '@stromwerk/contracts/users';
import type { CallOpts, HttpCore } from './http';
import { path } from './path';

/** Sessions, users, their verification and reset flows, feature flags and per-user lists. */
export function usersApi(http: HttpCore) {
  return {
    login: (body: LoginBody, opts?: CallOpts) =>
      http.request<Session>({ method: 'POST', path: '/login', body, ...opts }),
    /** Ends the session the client's token belongs to. */
    logout: (opts?: CallOpts) => http.request<void>({ method: 'POST', path: '/logout', ...opts }),
    sessions: (opts?: CallOpts) => http.request<SessionInfo[]>({ method: 'GET', path: '/sessions', ...opts }),
    endSession: (id: string, opts?: CallOpts) =>
      http.request<void>({ method: 'DELETE', path: path`/sessions/${id}`, ...opts }),
    logoutAll: (body: LogoutAllBody = {}, opts?: CallOpts) =>
      http.request<void>({ method: 'POST', path: '/sessions/logout-all', body, ...opts }),
    register: (body: RegisterBody, opts?: CallOpts) =>
      http.request<Session>({ method: 'POST', path: '/users', body, ...opts }),
    me: (opts?: CallOpts) => http.request<User>({ method: 'GET', path: '/me', ...opts }),
    list: (query?: Partial<PageQuery>, opts?: CallOpts) =>
      http.request<Page<User>>({ method: 'GET', path: '/users', query, ...opts }),
    get: (id: string, opts?: CallOpts) =>
      http.request<User>({ method: 'GET', path: path`/users/${id}`, ...opts }),
    update: (id: string, body: UpdateUserBody, opts?: CallOpts) =>
      http.request<User>({ method: 'PUT', path: path`/users/${id}`, body, ...opts }),
    block: (id: string, opts?: CallOpts) =>
      http.request<User>({ method: 'PUT', path: path`/users/${id}/block`, ...opts }),
    unblock: (id: string, opts?: CallOpts) =>
      http.request<User>({ method: 'PUT', path: path`/users/${id}/unblock`, ...opts }),
    // The server takes these as query or body; the body keeps passwords out of URLs and access logs.
    updateEmail: (id: string, body: UpdateEmail, opts?: CallOpts) =>
      http.request<User>({ method: 'PUT', path: path`/users/${id}/update-email`, body, ...opts }),
    /** Ends the user's other sessions and returns a fresh one for the caller. */
    updatePassword: (id: string, body: UpdatePassword, opts?: CallOpts) =>
      http.request<Session>({ method: 'PUT', path: path`/users/${id}/update-password`, body, ...opts }),
    startEmailVerification: (id: string, opts?: CallOpts) =>
      http.request<void>({ method: 'PUT', path: path`/users/${id}/verify-email/start`, ...opts }),
    completeEmailVerification: (token: string, opts?: CallOpts) =>
      http.request<void>({ method: 'PUT', path: '/users/verify-email/complete', query: { token }, ...opts }),
    startPasswordReset: (email: string, opts?: CallOpts) =>
      http.request<void>({ method: 'PUT', path: '/users/reset-password/start', query: { email }, ...opts }),
    completePasswordReset: (body: ResetPasswordComplete, opts?: CallOpts) =>
      http.request<void>({ method: 'PUT', path: '/users/reset-password/complete', body, ...opts }),
    listEmailVerifications: (query?: Partial<PageQuery>, opts?: CallOpts) =>
      http.request<Page<EmailVerification>>({ method: 'GET', path: '/email-verifications', query, ...opts }),
    deleteEmailVerification: (id: string, opts?: CallOpts) =>
      http.request<void>({ method: 'DELETE', path: path`/email-verifications/${id}`, ...opts }),
    listPasswordResets: (query?: Partial<PageQuery>, opts?: CallOpts) =>
      http.request<Page<PasswordReset>>({ method: 'GET', path: '/password-resets', query, ...opts }),
    deletePasswordReset: (id: string, opts?: CallOpts) =>
      http.request<void>({ method: 'DELETE', path: path`/password-resets/${id}`, ...opts }),
    setFeatureFlag: (id: string, flag: Feature, enabled: boolean, opts?: CallOpts) =>
      http.request<UserFlags>({
        method: 'PUT',
        path: path`/users/${id}/feature-flag/${flag}`,
        query: { enabled },
        ...opts,
      }),
    /** The caller's own flags. */
    flags: (opts?: CallOpts) => http.request<UserFlags>({ method: 'GET', path: '/user-flags', ...opts }),
    corporations: (id: string, query?: Partial<PageQuery>, opts?: CallOpts) =>
      http.request<Page<Corporation>>({
        method: 'GET',
        path: path`/users/${id}/corporations`,
        query,
        ...opts,
      }),
    socials: (id: string, query?: Partial<PageQuery>, opts?: CallOpts) =>
      http.request<Page<Social>>({ method: 'GET', path: path`/users/${id}/socials`, query, ...opts }),
  };
}

export type UsersApi = ReturnType<typeof usersApi>;
