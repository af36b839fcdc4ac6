import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';

type HookName = 'preHandler' | 'onError' | 'onResponse' | 'onSend';
type RouteHooks = { [K in HookName]?: NonNullable<RouteOptions[K]> };

/**
 * Hooks that only routes whose configuration asks for them run (the login guard, attempt limits), added
 * to each such route as it is registered in this scope. As global hooks every request of the API paid for
 * them (an async hook is a promise and a turn of the event loop's microtasks even when it returns at
 * once): about a tenth of a small authenticated answer's CPU (issue 32). Must be called before the
 * scope's routes are registered.
 */
export function addHooksToRoutes(
  app: FastifyInstance,
  wants: (config: FastifyContextConfig | undefined) => boolean,
  hooks: RouteHooks,
): void {
  app.addHook('onRoute', (route) => {
    if (!wants(route.config as FastifyContextConfig | undefined)) return;
    const own = route as unknown as Record<HookName, unknown>;
    for (const [name, hook] of Object.entries(hooks) as [HookName, unknown][]) {
      const existing = own[name];
      own[name] = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), hook];
    }
  });
}
