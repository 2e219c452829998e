import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { SERVER_ERROR_MESSAGE, type ErrorResponse } from '#shared/contracts/errors.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { createAuth } from '#server/auth/auth.ts';
import { fastifyTrustProxy } from '#server/auth/client-address.ts';
import { registerAuthRoutes, registerSessionResolution } from '#server/auth/session.ts';
import { mfaRoutes } from '#server/routes/mfa/mfa-routes.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { accessRoutes } from '#server/routes/access/access-routes.ts';
import { adminRoutes } from '#server/routes/admin/admin-routes.ts';
import { carrierRequestRoutes } from '#server/routes/carrier-request/carrier-request-routes.ts';
import { collaborationRoutes } from '#server/routes/collaboration/collaboration-routes.ts';
import { subscriptionRoutes } from '#server/routes/subscription/subscription-routes.ts';
import { createBilling } from '#server/services/subscription/stripe-client.ts';
import { registerSubscriptionGate } from '#server/policies/subscription-gate.ts';
import { mappingRoutes } from '#server/routes/production/mapping-routes.ts';
import { productionRoutes } from '#server/routes/production/production-routes.ts';
import { performanceChartsRoutes } from '#server/routes/production/performance-charts-routes.ts';
import { planningRoutes } from '#server/routes/production/planning-routes.ts';
import { manualEntryRoutes } from '#server/routes/manual-entry/manual-entry-routes.ts';
import { importRoutes } from '#server/routes/import/import-routes.ts';
import { importMappingRoutes } from '#server/routes/import/import-mapping-routes.ts';
import { mailRoutes } from '#server/routes/mail/mail-routes.ts';
import { registrationRoutes } from '#server/routes/registration/registration-routes.ts';
import { healthRoutes } from '#server/routes/system/health-routes.ts';
import { createFlagClient } from '#server/services/flags/database-flag-provider.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { userRoutes } from '#server/routes/user/user-routes.ts';
import { profileRoutes } from '#server/routes/profile/profile-routes.ts';
import { reportRoutes } from '#server/routes/reports/report-routes.ts';
import { reportingHealthRoutes } from '#server/routes/network-intelligence/health-routes.ts';
import { checksRoutes } from '#server/routes/profit-sharing/checks-routes.ts';
import { profitSharingRoutes } from '#server/routes/profit-sharing/profit-sharing-routes.ts';
import { agreementsIoRoutes } from '#server/routes/profit-sharing/agreements-io-routes.ts';
import { benchmarksRoutes } from '#server/routes/network-intelligence/benchmarks-routes.ts';
import { digestRoutes } from '#server/routes/digest/digest-routes.ts';
import { startDigestScheduler } from '#server/services/digest/digest-scheduler.ts';
import { growthMeasurementRoutes } from '#server/routes/growth-measurement/growth-measurement-routes.ts';
import { scorecardRoutes } from '#server/routes/scorecards/scorecard-routes.ts';
import { createEmbedProviders, embedFrameOrigins } from '#server/services/reports/embed/providers.ts';
import { reportServerError } from '#server/observability/error-reporting.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Today's date in the business time zone (tests pin it). */
  today?: () => CalendarDay;
  /** Run the monthly digest's scheduler in this process (the server does; tests start their own). */
  digestScheduler?: boolean;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the HTTP application without listening, so tests drive it with `inject`. */
export async function buildApp({
  config,
  database,
  logger,
  today = () => calendarDateIn(BUSINESS_TIME_ZONE),
  digestScheduler = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Off unless TRUST_PROXY names the proxies: a forged X-Forwarded-For must not pick the address
    // that the per-address limits count (auth/client-address.ts).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // The router answers these before any hook runs (bad percent-encoding, a path parameter over
    // 100 characters): they get the error shape and the request id too (DESIGN §8).
    frameworkErrors: (error, request, reply: FastifyReply) => {
      void reply
        .header('x-request-id', request.id)
        .status(error.statusCode ?? 400)
        .send(errorBody(request, 'bad_request', 'The address of this request is not valid.'));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // PostgreSQL text cannot hold U+0000: a bad request naming the field, not a 500 from the SQL.
  app.addHook('preValidation', async (request) => {
    const field = fieldWithNul(request.params, request.query, request.body);
    if (field !== null) {
      throw new AppError('bad_request', 'Text cannot contain the NUL character.', {
        [field]: 'Remove the NUL character.',
      });
    }
  });

  const embedProviders = createEmbedProviders(config.embeds);
  const frameOrigins = embedFrameOrigins(embedProviders);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Exactly the configured dashboard providers may be framed (spec part 1 §9).
        frameSrc: frameOrigins.length > 0 ? frameOrigins : ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // The browser reports its errors to the configured Sentry/GlitchTip (client lib/error-reporting.ts).
        connectSrc: ["'self'", ...(config.errorReporting ? [new URL(config.errorReporting.dsn).origin] : [])],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Understanding API', version: '1.0.0' },
      components: {},
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  setErrorHandling(app);

  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
  });
  app.addHook('onClose', async () => mailer.close());
  const auth = createAuth(database.db, config, app.log, mailer);
  registerSessionResolution(app, auth, database.db, config.sessions);
  const billingPolicy = { billingEnabled: config.stripe !== null, graceDays: config.subscriptionGraceDays };
  registerSubscriptionGate(app, database.db, billingPolicy);
  registerAuthRoutes(app, auth, database.db);
  await app.register(healthRoutes, { database });
  await app.register(userRoutes, { db: database.db, billingPolicy });
  const flags = await createFlagClient(database.db, `app-${randomUUID()}`);
  await app.register(accessRoutes, { db: database.db, flags, config });
  await app.register(subscriptionRoutes, {
    db: database.db,
    billing: createBilling(config.stripe),
    billingPolicy,
    publicUrl: config.publicUrl,
  });
  await app.register(adminRoutes, { db: database.db });
  await app.register(collaborationRoutes, { db: database.db });
  await app.register(mappingRoutes, { db: database.db });
  await app.register(productionRoutes, { db: database.db, today });
  await app.register(performanceChartsRoutes, { db: database.db, today });
  await app.register(planningRoutes, { db: database.db, today });
  await app.register(scorecardRoutes, { db: database.db, flags, today });
  await app.register(mailRoutes, { db: database.db });
  await app.register(carrierRequestRoutes, { db: database.db, mailer, config });
  await app.register(manualEntryRoutes, { db: database.db, today });
  await app.register(importRoutes, { db: database.db, storageDir: config.dataDir, today });
  await app.register(importMappingRoutes, { db: database.db });
  await app.register(mfaRoutes, { db: database.db, secret: config.authSecret, mailer });
  await app.register(registrationRoutes, { db: database.db, auth, mailer, config });
  await app.register(profileRoutes, { db: database.db, auth });
  await app.register(reportRoutes, { db: database.db, flags, providers: embedProviders, mailer, config });
  await app.register(growthMeasurementRoutes, { db: database.db, flags, today });
  await app.register(profitSharingRoutes, { db: database.db, today });
  await app.register(reportingHealthRoutes, { db: database.db, today });
  await app.register(agreementsIoRoutes, { db: database.db, today });
  await app.register(checksRoutes, { db: database.db, today });
  await app.register(benchmarksRoutes, { db: database.db, today });
  await app.register(digestRoutes, { db: database.db, secret: config.authSecret });
  if (digestScheduler && config.digestIntervalSeconds > 0) {
    const scheduler = startDigestScheduler(
      {
        db: database.db,
        mailer,
        secret: config.authSecret,
        publicUrl: config.publicUrl,
        today,
        log: app.log,
      },
      config.digestIntervalSeconds,
    );
    // Stops with the app (shutdown), waiting for a run under way.
    app.addHook('onClose', async () => scheduler.stop());
  }

  await serveClient(app, config.clientDir);
  return app;
}

/**
 * Parsed request data to walk: arrays and objects, but not an uploaded file's body, which is a stream
 * (with cycles), nor a Buffer. Query objects count: Fastify's have a prototype-less prototype.
 */
function isParsedData(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/** The first field (dotted path) whose text holds U+0000; iterative, so deep nesting cannot overflow the stack. */
function fieldWithNul(...roots: unknown[]): string | null {
  const stack: [string, unknown][] = roots.map((root) => ['', root]);
  while (stack.length > 0) {
    const [path, value] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || 'body';
    } else if (isParsedData(value)) {
      for (const [key, child] of Object.entries(value)) stack.push([path ? `${path}.${key}` : key, child]);
    }
  }
  return null;
}

function errorBody(
  request: { id: string },
  code: string,
  message: string,
  extra?: Partial<ErrorResponse>,
): ErrorResponse {
  return { error: { code, message, ...extra?.error }, referenceId: request.id, ...extra };
}

/** One error handler for the whole API: the error shape of DESIGN §8, 5xx details only in the log. */
function setErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    reportServerError(error, request);
    if (error instanceof AppError) {
      const body = errorBody(request, error.code, error.message);
      if (error.fields) body.error.fields = error.fields;
      if (error.refreshTokenRevoked) body.refreshTokenRevoked = true;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const where =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
        fields[where] ??= issue.message ?? 'Invalid value';
      }
      const names = Object.keys(fields).join(', ');
      return reply.status(400).send({
        error: { code: 'bad_request', message: `Some fields are not valid: ${names}.`, fields },
        referenceId: request.id,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its contract');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send(errorBody(request, clientErrorCode(error.statusCode), error.message));
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.status(500).send(errorBody(request, 'internal', SERVER_ERROR_MESSAGE));
  });
}

function clientErrorCode(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'too_many_requests';
  return 'bad_request';
}

/** Hashed build output: a missing one is a 404, never the page (a stale tab must not run HTML as JS). */
const ASSET_PREFIX = '/assets/';
/** The last path segment names a file (`/favicon.ico`, `/robots.txt`), not a page. */
const FILE_NAME = /\/[^/]*\.[A-Za-z0-9]{1,12}$/;
/** Compressible types, which the build writes with .br and .gz copies (vite.config.ts). */
const COMPRESSED_TYPES = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)(?:\.br|\.gz)?$/;

/** A path the history fallback answers with index.html: a page of the client, not an API path or a file. */
function isPagePath(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pathname === '/assets' || pathname.startsWith(ASSET_PREFIX)) return false;
  return !FILE_NAME.test(pathname);
}

/**
 * Serves the built client: files as built, sent brotli or gzip when the browser accepts it (the
 * build's pre-compressed copies, so no request compresses), and a history fallback that answers a
 * GET of any page path with index.html so deep links work. Unknown API paths, missing assets and
 * other missing files get the JSON 404.
 */
async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        }
        // Caches must keep the brotli, gzip and plain answers apart.
        if (COMPRESSED_TYPES.test(filePath)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (hasClient && isRead && isPagePath(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBody(request, 'not_found', `There is no ${request.method} ${request.url.split('?')[0]}.`));
  });
}
