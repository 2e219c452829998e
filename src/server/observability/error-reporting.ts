import * as Sentry from '@sentry/node';
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReportingConfig } from '#server/config.ts';
import { AppError } from '#server/errors.ts';

/** The tag that carries the request id, which the error body returns as `referenceId` (DESIGN §8). */
export const REFERENCE_ID_TAG = 'referenceId';

/** Request headers never sent with a report: they hold the session or credentials. */
const SECRET_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization', 'x-api-key']);

/**
 * Starts Sentry-compatible error reporting (Sentry, or a self-hosted GlitchTip) when SENTRY_DSN is
 * set; without it nothing starts and nothing is sent. Every error is sent (sample rate 1) and
 * SENTRY_TRACES_SAMPLE_RATE of the requests are traced (spec part 1 §9: defaults to 1).
 * Call it once, before the app is built.
 */
export function startErrorReporting(config: ErrorReportingConfig | null): boolean {
  if (!config) return false;
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    sampleRate: 1,
    tracesSampleRate: config.tracesSampleRate,
    // Trace headers stay in: the APIs we call (Jira, Power BI, SMTP) are not ours.
    tracePropagationTargets: [],
    beforeSend: withoutSecrets,
    // The app's error handler reports (reportServerError), with the reference id; the integration
    // keeps tracing requests but captures nothing itself, else Dedupe would keep its untagged copy.
    integrations: [Sentry.fastifyIntegration({ shouldHandleError: () => false })],
  });
  return true;
}

/** The status the error handler (app.ts) answers an error with, as far as 4xx or 5xx goes. */
function statusOf(error: unknown): number {
  if (error instanceof AppError) return error.statusCode;
  if (hasZodFastifySchemaValidationErrors(error)) return 400;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
}

/**
 * Reports an error the API answers with a 5xx (never a 4xx), tagged with its reference id, so the id
 * a user reads in the error message finds the event. A no-op when reporting is off.
 */
export function reportServerError(error: unknown, request: FastifyRequest): void {
  if (!Sentry.isInitialized()) return;
  const statusCode = statusOf(error);
  if (statusCode < 500) return;
  Sentry.withScope((scope) => {
    scope.setTag(REFERENCE_ID_TAG, request.id);
    scope.setTag('http.status_code', String(statusCode));
    scope.setTag('route', request.routeOptions.url ?? 'unknown');
    scope.setContext('request', { method: request.method, url: request.url.split('?')[0] });
    if (request.actor) scope.setUser({ id: request.actor.userId });
    Sentry.captureException(error);
  });
}

/** Sends what is still queued (at shutdown); false when the time ran out. */
export async function flushErrorReporting(timeoutMs = 2000): Promise<boolean> {
  if (!Sentry.isInitialized()) return true;
  return Sentry.close(timeoutMs);
}

function withoutSecrets<T extends Sentry.ErrorEvent>(event: T): T {
  const request = event.request;
  if (!request) return event;
  delete request.cookies;
  delete request.data;
  if (request.headers) {
    request.headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !SECRET_HEADERS.has(name.toLowerCase())),
    );
  }
  return event;
}
