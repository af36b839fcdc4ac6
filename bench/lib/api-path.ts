import { authRoutes } from '@stromwerk/contracts/api/auth';
import { healthRoutes } from '@stromwerk/contracts/api/health';
import { mediaRoutes } from '@stromwerk/contracts/api/medias';
import { outputRoutes } from '@stromwerk/contracts/api/outputs';
import { fillPath, type Route } from '@stromwerk/contracts/api/route';
import { sourceRoutes } from '@stromwerk/contracts/api/sources';
import { targetRoutes } from '@stromwerk/contracts/api/targets';
import { usageRoutes } from '@stromwerk/contracts/api/usage';

/** An operation's URL below the server root, from the route table: `/v1/sources/<id>`. */
export const apiPath = (route: Route, params?: Record<string, unknown>) =>
  `/v1${fillPath(route.path, params)}`;

/** The operations the API benches call. */
export const benchRoutes = {
  health: healthRoutes.get,
  login: authRoutes.login,
  me: authRoutes.me,
  sources: sourceRoutes.list,
  sourceCreate: sourceRoutes.create,
  source: sourceRoutes.get,
  sourceUpdate: sourceRoutes.update,
  targetCreate: targetRoutes.create,
  targetsInWorkspace: targetRoutes.listInWorkspace,
  outputCreate: outputRoutes.create,
  outputUpdate: outputRoutes.update,
  outputsInWorkspace: outputRoutes.listInWorkspace,
  mediasInWorkspace: mediaRoutes.listInWorkspace,
  updateQuota: usageRoutes.updateQuota,
} as const;
