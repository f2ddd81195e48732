// Builds the Fastify instance from a config: plugins first, then the /api routes, then the web app.
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { loadOnUse } from './lib/load-on-use';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from './plugins/serializer';
import { apiMessages } from '@dealerleads/shared';
import { databaseIdentity, type AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { registerAuth } from './plugins/auth';
import { errorBody, registerErrorHandling } from './plugins/errors';
import { registerSingleHost } from './plugins/host-header';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerOpenApi } from './plugins/openapi';
import { registerWebApp } from './plugins/web-app';
import { isApiPath, requestPath } from './plugins/request-path';
import { registerMetrics } from './plugins/metrics';
import {
  redactSecretParameters,
  registerRequestLog,
  requestIdGenerator,
} from './plugins/request-log';
import { trustFunction } from './plugins/trusted-proxies';
import { accountRoutes } from './modules/account/account.routes';
import { createPasswordHasher, type PasswordHasher } from './modules/members/passwords';
import { testErrorsRoutes } from './modules/test-errors/test-errors.routes';
import { healthRoutes } from './modules/health/health.routes';
import { leadRoutes } from './modules/leads/leads.routes';
import { leadSubmissionRoutes } from './modules/lead-submission/lead-submission.routes';
import { currentLeadsVersion, LeadListEngine, snapshotFileFor } from './modules/leads/list-engine';
import { priceGuideRoutes } from './modules/price-guide/price-guide.routes';
import { phoneVerificationRoutes } from './modules/phone-verifications/phone-verifications.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import {
  createSmsSender,
  smsDelivery,
  startSmsWorker,
  type SmsWorker,
} from './modules/sms/sms.service';
import { unlockRoutes } from './modules/unlocks/unlocks.routes';
import { userPackageRoutes } from './modules/user-packages/user-packages.routes';
import { membersRoutes } from './modules/members/members.routes';
import { packagesRoutes } from './modules/packages/packages.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { creditsRoutes } from './modules/credits/credits.routes';
import { myLeadsRoutes } from './modules/my-leads/my-leads.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { emailVerificationRoutes } from './modules/alerts/email-verification.routes';
import {
  createMailTransport,
  startEmailWorker,
  type EmailWorker,
} from './modules/alerts/email-worker';
import { ownerRoutes } from './modules/owners/owners.routes';
import { pushRoutes } from './modules/push/push.routes';
import { accountEventsRoutes } from './modules/push/account-events.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { createPushSender, webPushLibrary } from './modules/push/push-sender';
import { startPushWorker, type PushWorker } from './modules/push/push-worker';
import {
  scheduleMarketRefresh,
  type MarketRefreshSchedule,
} from './modules/price-guide/market-refresh';
import { redactOwnerTokens } from './modules/owners/owner-token';
import {
  ERASED_PHONE,
  scheduleLeadLifecycle,
  type LifecycleSchedule,
} from './modules/owners/lead-lifecycle';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { exportRoutes } from './modules/export/export.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { disputesRoutes } from './modules/disputes/disputes.routes';
import { photoRoutes } from './modules/photos/photos.routes';
import { mediaRoutes } from './modules/photos/media.routes';
import { openMediaStore, S3MediaStore } from './modules/photos/media-store';
import {
  erasePhotosOfErasedLeads,
  photoGate,
  type PhotoContext,
} from './modules/photos/photos.service';

/** ioredis, loaded only with REDIS_URL. */
const redisClient = loadOnUse<typeof import('ioredis')>('ioredis');

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's bounded argon2 gate (modules/members/passwords.ts). */
    passwordHasher: PasswordHasher;
  }
}

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise the config's database is opened. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The clock of lead submissions and the lifecycle sweeps (tests move it). */
  clock?: () => Date;
}

export interface BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
}

const MAX_BODY_BYTES = 64 * 1024;

/** In development, log lines are printed for people (pino-pretty); elsewhere they stay one JSON object each. */
export const PRETTY_LOGS = {
  target: 'pino-pretty',
  options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
};

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const production = config.env === 'production';
  const trustProxy = trustFunction(config.trustProxy);
  // Secrets in URLs (an owner's link, an unsubscribe token, a stream ticket) never reach the logs.
  const redactUrl = (url: string) => redactSecretParameters(redactOwnerTokens(url));
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.body.password', 'req.body.confirmPassword'],
            ...(options.logStream
              ? { stream: options.logStream }
              : config.env === 'development'
                ? { transport: PRETTY_LOGS }
                : {}),
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    // One line per request comes from registerRequestLog instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdGenerator(trustProxy),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy,
    // A client gets this long to send a whole request and its headers, and an idle kept-alive connection is
    // closed after keepAlive: slow senders cannot hold connections open (docs/hardening.md, "Time-outs").
    requestTimeout: config.timeouts.request,
    keepAliveTimeout: config.timeouts.keepAlive,
    http: {
      headersTimeout: config.timeouts.headers,
      // Node checks the two time-outs above on this period (30 s by default, too coarse for a 10 s bound).
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1000, Math.floor(config.timeouts.headers / 4)),
      ),
    },
    routerOptions: { maxParamLength: 200 },
    // The router refuses some URLs before any route or error handler runs; those answers keep the JSON shape too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      void reply
        .code(status)
        .send(
          errorBody(
            status,
            error.code === 'FST_ERR_MAX_PARAM_LENGTH'
              ? 'The request URL is too long'
              : 'The request URL is not valid',
          ),
        );
    },
  });
  const clock = options.clock ?? (() => new Date());
  // Tests without a push configuration get a key pair for this app alone and no worker.
  const push = config.push ?? {
    vapid: { ...webPushLibrary().generateVAPIDKeys(), subject: 'mailto:push@dealerleads.local' },
    workerIntervalMs: 0,
    leaseMs: 60_000,
    backoffMs: 30_000,
    maxBackoffMs: 3_600_000,
    maxAttempts: 8,
  };
  const database = options.database ?? openDatabase(config.database);
  const ownsDatabase = options.database === undefined;
  if (ownsDatabase) {
    await migrateToLatest(database.db, database.engine, database.schema);
    app.addHook('onClose', async () => database.close());
  }

  registerRequestLog(app, { redactUrl });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, production);
  registerSingleHost(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // With REDIS_URL the counters live in Redis, so N processes together allow what one would (not N times as much).
  const redis = config.redisUrl
    ? new (redisClient().Redis)(config.redisUrl, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: true,
    ...(redis ? { redis, nameSpace: 'dealerleads-rate-limit-' } : {}),
    max: config.rateLimits.api,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({
      statusCode: 429,
      status: 429,
      message: apiMessages.tooManyRequests,
    }),
  });
  await registerAuth(app, {
    secret: config.jwtSecret,
    expiresIn: config.jwtExpiresIn,
    database,
  });
  await registerOpenApi(app);
  const passwordHasher = createPasswordHasher(config.passwordHashing);
  app.decorate('passwordHasher', passwordHasher);

  // Personal data must not sit in shared caches.
  app.addHook('onSend', async (request, reply) => {
    const path = requestPath(request);
    if (isApiPath(path) && !path.startsWith('/api/docs')) reply.header('Cache-Control', 'no-store');
  });

  const mediaStore = openMediaStore(config.media);
  if (mediaStore instanceof S3MediaStore) app.addHook('onClose', async () => mediaStore.close());
  const photos: PhotoContext = {
    database,
    store: mediaStore,
    gate: photoGate(),
    clock,
  };

  const leadListEngine = new LeadListEngine(
    database.db,
    (error) =>
      app.log.error(error, 'lead list engine: an error (SQL answers lists while it reloads)'),
    {
      ...(database.runUnlessBusy ? { runUnlessBusy: database.runUnlessBusy } : {}),
      ...(config.leadListSnapshotDir
        ? {
            snapshotFile: snapshotFileFor(
              config.leadListSnapshotDir,
              databaseIdentity(config.database),
            ),
          }
        : {}),
    },
  );
  const priceGuide = { db: database.db, listEngine: leadListEngine };
  const smsConfig = config.sms ?? {
    provider: 'outbox' as const,
    outboxDir: path.join(tmpdir(), 'dealerleads-sms-outbox'),
  };
  const sms = smsDelivery(createSmsSender(smsConfig), smsConfig.worker);
  await app.register(
    async (api) => {
      // Every browser asks for gzip, so compression costs every lead page: one call per response up to 64 KB (a page
      // of 100 leads included) at zlib's fastest level costs less than a zlib stream at level 6 (decision 0005).
      await api.register(compress, {
        encodings: ['gzip', 'deflate'],
        threshold: 1024,
        syncThreshold: 65_536,
        zlibOptions: { level: 1 },
      });
      await api.register(healthRoutes(database, leadListEngine, config.metricsToken));
      await api.register(accountRoutes(database.db, passwordHasher, config.rateLimits));
      await api.register(testErrorsRoutes);
      await api.register(leadRoutes(database, leadListEngine));
      await api.register(
        leadSubmissionRoutes(database, config.rateLimits.leadSubmit, {
          leadTtlDays: config.leadTtlDays,
          clock,
          phoneVerification: config.phoneVerification,
          fastFillSeconds: config.fastFillSeconds,
          secret: config.jwtSecret,
          priceGuide,
          publicUrl: config.mail.publicUrl,
        }),
      );
      await api.register(priceGuideRoutes(priceGuide, clock));
      await api.register(userPackageRoutes(database));
      await api.register(unlockRoutes(database));
      await api.register(membersRoutes(database, passwordHasher));
      await api.register(packagesRoutes(database));
      await api.register(settingsRoutes(database));
      await api.register(creditsRoutes(database));
      await api.register(myLeadsRoutes(database));
      await api.register(alertsRoutes(database, config.jwtSecret));
      await api.register(emailVerificationRoutes(database, config.jwtSecret));
      await api.register(ownerRoutes(database, { ownerLimit: config.ownerRateLimit, clock }));
      await api.register(moderationRoutes(database));
      await api.register(insightsRoutes(database, clock));
      await api.register(auditRoutes(database));
      await api.register(exportRoutes(database));
      await api.register(ordersRoutes(database, { upi: config.upi, clock }));
      await api.register(disputesRoutes(database, clock));
      await api.register(photoRoutes(photos, { ownerLimit: config.ownerRateLimit }));
      await api.register(pushRoutes(database, push.vapid.publicKey, clock));
      await api.register(accountEventsRoutes(database, clock));
      await api.register(preferencesRoutes(database));
      await api.register(
        phoneVerificationRoutes(database, {
          secret: config.jwtSecret,
          sms,
          clock,
          perIpLimit: config.ownerRateLimit,
        }),
      );
      await api.register(
        passwordResetRoutes(database, passwordHasher, {
          secret: config.jwtSecret,
          sms,
          clock,
          perIpLimit: config.rateLimits.loginPerIp,
        }),
      );
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes(mediaStore));

  if (config.leadSweepMinutes > 0) {
    let schedule: LifecycleSchedule | undefined;
    app.addHook('onReady', async () => {
      schedule = scheduleLeadLifecycle(
        database.db,
        database.engine,
        clock,
        config.leadSweepMinutes * 60_000,
        (error) => app.log.error(error, 'lead lifecycle: a sweep failed'),
        () => erasePhotosOfErasedLeads(database, mediaStore, ERASED_PHONE),
      );
    });
    app.addHook('preClose', async () => schedule?.stop());
  }

  // Every process works off the market guide's refresh marks; leases keep two from refreshing the same model year.
  if (config.marketRefreshMinutes > 0) {
    let schedule: MarketRefreshSchedule | undefined;
    app.addHook('onReady', async () => {
      schedule = scheduleMarketRefresh(
        database,
        clock,
        config.marketRefreshMinutes * 60_000,
        (error) => app.log.error(error, 'market refresh: a run failed'),
      );
    });
    app.addHook('preClose', async () => schedule?.stop());
  }

  // Every process works off the e-mail outbox; leases keep two from sending the same row.
  if (config.mail.workerIntervalMs > 0) {
    let worker: EmailWorker | undefined;
    app.addHook('onReady', async () => {
      worker = startEmailWorker(
        database,
        createMailTransport(config.mail),
        {
          from: config.mail.from,
          publicUrl: config.mail.publicUrl,
          secret: config.jwtSecret,
          dailyCapPerAddress: config.mail.dailyCapPerAddress,
        },
        {
          ...config.mail,
          intervalMs: config.mail.workerIntervalMs,
          batch: 20,
          clock,
          onError: (error) => app.log.error(error, 'e-mail worker: a run failed'),
        },
      );
    });
    app.addHook('preClose', async () => worker?.stop());
  }

  // Every process works off the SMS outbox; leases keep two from sending the same text.
  const smsWorkerConfig = smsConfig.worker;
  if (smsWorkerConfig && smsWorkerConfig.intervalMs > 0) {
    let worker: SmsWorker | undefined;
    app.addHook('onReady', async () => {
      worker = startSmsWorker(database, sms, {
        intervalMs: smsWorkerConfig.intervalMs,
        batch: 20,
        clock,
        onError: (error) => app.log.error(error, 'SMS worker: a run failed'),
      });
    });
    app.addHook('preClose', async () => worker?.stop());
  }

  // Every process works off the push outbox; leases keep two from sending the same row.
  if (push.workerIntervalMs > 0) {
    let worker: PushWorker | undefined;
    app.addHook('onReady', async () => {
      worker = startPushWorker(database, createPushSender(push.vapid), {
        ...push,
        intervalMs: push.workerIntervalMs,
        batch: 20,
        clock,
        onError: (error) => app.log.error(error, 'push worker: a run failed'),
      });
    });
    app.addHook('preClose', async () => worker?.stop());
  }

  registerMetrics(app, {
    token: config.metricsToken,
    database,
    listEngine: async () => {
      const current = await currentLeadsVersion(database.db);
      const applied = leadListEngine.version;
      return {
        state: leadListEngine.state,
        lagVersions: applied < 0 ? null : Math.max(0, current - applied),
      };
    },
  });
  await registerWebApp(app, config.webDist);
  return { app, database };
}
