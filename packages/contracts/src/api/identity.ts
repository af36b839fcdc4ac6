import { authRoutes } from './auth';
import { sessionRoutes } from './sessions';
import { avatarRoutes, userRoutes } from './users';
import { verificationRoutes } from './verification';

/**
 * The client's `users`: one resource made of the identity tables (each registered by its own server
 * route file), under the function names the client has always had.
 */
export const identityRoutes = {
  ...authRoutes,
  ...sessionRoutes,
  ...userRoutes,
  ...verificationRoutes,
  ...avatarRoutes,
} as const;
