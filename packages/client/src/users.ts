import type { authSchemas } from '@stromwerk/contracts/api/auth.schemas';
import { identityRoutes } from '@stromwerk/contracts/api/identity';
import type { sessionSchemas } from '@stromwerk/contracts/api/sessions.schemas';
import type { avatarSchemas, userSchemas } from '@stromwerk/contracts/api/users.schemas';
import type { verificationSchemas } from '@stromwerk/contracts/api/verification.schemas';
import type { HttpCore } from './http';
import { tableApi } from './table-api';

type IdentitySchemas = typeof authSchemas &
  typeof sessionSchemas &
  typeof userSchemas &
  typeof verificationSchemas &
  typeof avatarSchemas;

/**
 * Login and sign-up, sessions, users, their verification and reset flows, feature flags and per-user
 * lists, made from the identity route tables. The avatar upload (multipart) goes through `upload`.
 */
export const usersApi = (http: HttpCore) =>
  tableApi<typeof identityRoutes, IdentitySchemas>(http, identityRoutes);

export type UsersApi = ReturnType<typeof usersApi>;
