import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MediaRuntime } from '@stromwerk/media/media-runtime';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { buildServices } from './build-services';
import { declaredErrors, type UndeclaredErrors } from './lib/declared-errors';
import { fastSerializerCompiler } from './lib/fast-serializer';
import { Lifecycle } from './lib/lifecycle';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { registerLoginGuard } from './modules/auth/login-guard';
import { clipsRoutes } from './modules/clips/clips.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { corporationsRoutes } from './modules/corporations/corporations.routes';
import { draftsRoutes } from './modules/drafts/drafts.routes';
import { graphRoutes } from './modules/graph/graph.routes';
import { clusterStatus } from './modules/health/cluster-status';
import { healthRoutes } from './modules/health/health.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { assertClusterConfig, assertClusterReady } from './modules/live/cluster-mode';
import { LeasesRepository } from './modules/live/leases.repository';
import type { LiveEngine } from './modules/live/live-engine';
import { mediasRoutes } from './modules/medias/medias.routes';
import { brokerRoutes, browserBrokerPath } from './modules/notifications/broker.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { topicAccess } from './modules/notifications/topic-access';
import { outputsRoutes } from './modules/outputs/outputs.routes';
import type { ProgramEngine } from './modules/outputs/program-engine';
import { playRoutes } from './modules/play/play.routes';
import { whipRoutes } from './modules/realtime/whip.routes';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { socialPostsRoutes } from './modules/social-posts/social-posts.routes';
import { assertSecretsReadable } from './modules/socials/social-secrets';
import { socialsRoutes } from './modules/socials/socials.routes';
import { sourcesRoutes } from './modules/sources/sources.routes';
import { streamInfosRoutes } from './modules/stream-infos/stream-infos.routes';
import { targetsRoutes } from './modules/targets/targets.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { avatarRoutes } from './modules/users/avatar.routes';
import { usersRoutes } from './modules/users/users.routes';
import { verificationRoutes } from './modules/users/verification.routes';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import { AccessLog, requestForLog } from './plugins/access-log';
import { registerAttemptLimits } from './plugins/attempts';
import { registerAuth } from './plugins/auth';
import { type BrokerEngine, startBroker } from './plugins/broker';
import { registerCdn } from './plugins/cdn';
import type { Config } from './plugins/config';
import { type Database, openDatabase, pgliteDirFor } from './plugins/db';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerJsonBody } from './plugins/json-body';
import { servedRegions } from './plugins/placement-config';
import { registerSecurityHeaders, setOwnPolicy } from './plugins/security-headers';
import { sharedRateLimitStore } from './plugins/shared-rate-limit';
import { registerWebApp } from './plugins/web-app';
import { startWork } from './start-work';

export const VERSION = '0.1.0';

const webDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  config: Config;
  /** Tests hand in their own database; otherwise it is opened from the configuration and closed with the app. */
  database?: Database;
  logger?: boolean | object;
  /**
   * This process's ffmpeg as tests want it: `MediaRuntime.fixed(capabilities)` (settled at once) or one
   * with scripted probes (still detecting). Otherwise detected from FFMPEG_PATH/FFPROBE_PATH.
   */
  media?: MediaRuntime;
  /** Start the live media plane (RTMP ingest, publishers, targets); API tests leave it off. Default true. */
  live?: boolean;
  /** Run the job worker (thumbnails, renders). Default true. */
  jobs?: boolean | { staleMs?: number };
  /**
   * Refuse to start as one of several processes with a configuration that cannot serve several
   * (cluster-mode.ts), and count guessing limits in PostgreSQL; `npm start` does, in-process tests sharing
   * a database do not.
   */
  clusterCheck?: boolean;
  /**
   * Count request-rate and guessing limits in PostgreSQL (tables `rate_limits`), shared by every process
   * on the database. Default: as `clusterCheck`; only on PostgreSQL (PGlite serves one process).
   */
  sharedLimits?: boolean;
  /**
   * Leave the start-up work the API does not need (ffmpeg's first answers, the live plane, the jobs) to
   * `app.startWork()`, which `npm start` calls once listening (issue 32, item 5). Default false.
   */
  deferWork?: boolean;
  /** An error code the route table does not declare: logged (default) or, in tests, a failing 500. */
  undeclaredErrors?: UndeclaredErrors;
}

export interface StromwerkApp extends FastifyInstance {
  broker?: BrokerEngine;
  live?: LiveEngine;
  programs?: ProgramEngine;
  /** With `deferWork`: starts ffmpeg detection's wait, the live plane and the jobs (start-work.ts). */
  startWork?: () => Promise<void>;
  /** The start-up work is done (readiness waits for it). */
  workStarted?: boolean;
}

export async function buildApp(opts: AppOptions): Promise<StromwerkApp> {
  const { config } = opts;
  // A configuration that cannot serve a cluster is refused before anything starts, in one line.
  if (opts.clusterCheck) assertClusterConfig(config);
  // ROLE (placement-config.ts): an API process runs no live plane and no jobs; a media process both.
  const placement = config.placement ?? { role: 'all' as const, regions: undefined };
  const app: StromwerkApp = Fastify({
    // Whoever supplies the logger (tests too), requests are logged without credentials or OAuth answers.
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: requestForLog },
          },
    // One line per answered request, a player's media delivery at debug (plugins/access-log.ts).
    logController: new AccessLog(),
    bodyLimit: 1024 * 1024,
    // A viewer token (~200 characters) is a path segment of the player's HLS addresses (/play/<id>/t/<token>/).
    routerOptions: { maxParamLength: 600 },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off by default).
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);
  registerErrorHandler(app, declaredErrors(opts.undeclaredErrors ?? 'log'), existsSync(webDist));
  registerJsonBody(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app, config);
  // Everything started below is stopped when the app closes, in the reverse order (lib/lifecycle.ts).
  const running = new Lifecycle(app.log);
  app.addHook('onClose', () => running.stop());

  // Asking ffmpeg what it can do (five processes) runs while the database opens: start-up time. What does
  // not answer in time is asked again in the background (media-runtime.ts); media work waits for it.
  const media =
    opts.media ??
    new MediaRuntime({
      ffmpegPath: config.ffmpegPath,
      ffprobePath: config.ffprobePath,
      log: app.log,
      timeoutMs: config.mediaProbeTimeoutMs,
    });
  const detection = media.start();
  running.started('ffmpeg detection', () => media.stop());
  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) }));
  // A database the caller handed in is the caller's to close.
  if (!opts.database) running.started('database', () => database.close());
  if (opts.clusterCheck && (await assertClusterReady(config, database)))
    app.log.info('one of several server processes on this database (docs/operations.md)');
  const services = buildServices(config, database, app.log, media, {
    jobs: typeof opts.jobs === 'object' ? opts.jobs : undefined,
  });
  // Both listen on the database from their construction (on PostgreSQL).
  running.started('live events', () => services.liveEvents.close());
  running.started('identity cache', () => services.identity.close());
  // Real-time viewers' peers (native threads of libdatachannel) end with the app, whatever else stops.
  running.started('WebRTC viewers', () => services.whep.closeAll());
  running.started('WebRTC publishers', () => services.whip.closeAll());
  await services.storage.check();
  running.started('storage', async () => services.storage.close?.());
  // Stored tokens and passwords that this key cannot open stop the start, in one line (main.ts prints it).
  await assertSecretsReadable(services.socials.box, services.socials.repo);
  app.decorate('services', services);

  // A real start on PostgreSQL counts limits in the database, for every process alike; in-process tests
  // that share a database keep their own counts unless they ask for shared ones.
  const sharedLimits = (opts.sharedLimits ?? opts.clusterCheck) && database.listen ? database.db : undefined;
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(sharedLimits ? { store: sharedRateLimitStore(sharedLimits, app.log) } : {}),
  });
  registerCdn(app, services.storage);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Stromwerk API',
        version: VERSION,
        description: 'Live streaming and video management, /v1',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <api key>' },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs' });

  // Embedded aedes on /mqtt unless MQTT_URL names an external broker; either way the server publishes.
  // The services reach it through their BrokerLink from now on.
  const broker = await startBroker(
    app,
    config.mqttUrl,
    topicAccess(database.db, services.sessions, services.access),
  );
  app.broker = broker;
  const unlinkBroker = services.brokerLink.connect(broker);
  running.started('broker', async () => {
    unlinkBroker();
    await broker.close();
  });
  running.started('notifications', services.notifications.start(services.events));
  // Before the live plane and the jobs, which count into it: it stops after them and writes what they
  // counted before the database closes.
  services.usage.meter.start((config.usageFlushSeconds ?? 60) * 1000, (err) =>
    app.log.warn({ err }, 'writing metered usage failed; it is kept for the next flush'),
  );
  running.started('usage meter', () =>
    services.usage.meter
      .stop()
      .catch((err) => app.log.error({ err }, 'writing metered usage at shutdown failed')),
  );
  // Storage is a gauge: read once an hour (and at start), each hour bucket keeps its highest reading.
  const readStorage = () =>
    void services.usage
      .readStorage(() => services.medias.repo.bytesPerWorkspace())
      .catch((err) => app.log.warn({ err }, 'reading storage usage failed'));
  readStorage();
  const storageReading = setInterval(readStorage, 3_600_000);
  storageReading.unref();
  running.started('storage reading', () => clearInterval(storageReading));
  // A media stored, replaced or deleted: its workspace is read again at once, so the hour's reading
  // follows the library instead of waiting for the next hourly reading (issue 33).
  const unlistenMedia = services.events.onChange((e) => {
    if (e.type !== 'media' || !e.workspaceId) return;
    const scope = { corporationId: e.corporationId, workspaceId: e.workspaceId };
    void services.usage
      .readStorage(() => services.medias.repo.bytesPerWorkspace(scope))
      .catch((err) => app.log.warn({ err }, 'reading storage usage failed'));
  });
  running.started('storage reading on media changes', unlistenMedia);

  await app.register(
    async (v1) => {
      // Only the API scope requires a caller; docs and the web app are outside it.
      registerAuth(v1, services.sessions, services.apiKeys);
      registerAttemptLimits(v1, sharedLimits ? { db: sharedLimits } : undefined);
      registerLoginGuard(v1, sharedLimits ? { db: sharedLimits } : undefined);
      // The document is the same for everyone and does not change while the server runs: serialized once,
      // served without looking up the caller.
      let openapi: string | undefined;
      v1.get('/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, (_req, reply) => {
        openapi ??= JSON.stringify(app.swagger());
        return reply.type('application/json; charset=utf-8').send(openapi);
      });
      await v1.register(healthRoutes, {
        sources: {
          version: VERSION,
          process: { role: placement.role, regions: servedRegions(placement) },
          broker: () => ({
            ...(app.broker?.health() ?? { ok: false, engine: 'none' }),
            browserUrl: browserBrokerPath(config),
          }),
          media: () => {
            const caps = media.capabilities;
            return {
              ok: caps.ffmpeg,
              engine: caps.ffmpeg ? `ffmpeg ${caps.version ?? ''}`.trim() : 'none',
              message: caps.missing.join('; ') || undefined,
              features: { ...caps.protocols, ffprobe: caps.ffprobe, ...caps.encoders },
            };
          },
          storage: () => ({
            ok: true,
            engine: services.storage.engine,
            message: services.storage.describe(),
          }),
          cluster: () => clusterStatus(new LeasesRepository(database.db), services.jobs.repo),
          readiness: () => ({
            role: placement.role,
            cluster: !!database.listen,
            broker: app.broker?.health() ?? { ok: false, message: 'not started' },
            media: { state: media.state, message: media.lastFailures.join('; ') || undefined },
            live: opts.live !== false,
            lockSession: services.live.keeper.sessionUp,
            ingest: services.live.engine.runsMedia,
            started: app.workStarted === true,
          }),
        },
      });
      for (const routes of [
        authRoutes,
        sessionsRoutes,
        usersRoutes,
        verificationRoutes,
        avatarRoutes,
        apiKeysRoutes,
        corporationsRoutes,
        workspacesRoutes,
        invitationsRoutes,
        usageRoutes,
        sourcesRoutes,
        targetsRoutes,
        streamInfosRoutes,
        mediasRoutes,
        jobsRoutes,
        clipsRoutes,
        draftsRoutes,
        graphRoutes,
        outputsRoutes,
        commentsRoutes,
        playRoutes,
        whipRoutes,
        socialsRoutes,
        socialPostsRoutes,
        notificationsRoutes,
        brokerRoutes,
      ]) {
        await v1.register(routes);
      }
    },
    { prefix: '/v1' },
  );

  if (existsSync(webDist)) {
    await registerWebApp(app, webDist);
    // The public player page: which sites may frame it is the output's whitelist, enforced by browsers.
    app.get('/player/:id', { schema: { hide: true } }, async (req, reply) => {
      const { id } = req.params as { id: string };
      const ancestors = /^[0-9a-f-]{36}$/i.test(id) ? await services.play.frameAncestors(id) : "'self'";
      return setOwnPolicy(req, reply, `frame-ancestors ${ancestors}`).sendFile('index.html');
    });
  }

  // What the API does not need to answer: now, or after listening when the caller defers it (main.ts).
  const work = (): Promise<void> =>
    startWork(app, services, running, {
      live: opts.live !== false,
      jobs: opts.jobs !== false,
      placement,
      detection,
    }).then(() => {
      app.workStarted = true;
    });
  if (opts.deferWork) app.startWork = work;
  else await work();
  return app;
}
