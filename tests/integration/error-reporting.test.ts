import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { clientConfigSchema } from '#shared/contracts/access.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import {
  flushErrorReporting,
  REFERENCE_ID_TAG,
  startErrorReporting,
} from '#server/observability/error-reporting.ts';
import { startFakeSentry, type FakeSentry } from '#tests/support/fake-sentry.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

const BASE_ENV = {
  NODE_ENV: 'test',
  AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
  PUBLIC_URL: 'http://localhost:3000',
  LOG_LEVEL: 'silent',
} as const;

/** Routes that fail in the ways the error handler knows. */
function failingRoutes(app: FastifyInstance) {
  app.get('/api/test/crash', async () => {
    throw new Error('the database went away');
  });
  app.get('/api/test/unavailable', async () => {
    throw new AppError('unavailable', 'Jira did not answer.');
  });
  app.get('/api/test/conflict', async () => {
    throw new AppError('conflict', 'Someone else changed this entry.');
  });
}

let sentry: FakeSentry;
let t: TestApp | undefined;
beforeAll(async () => {
  sentry = await startFakeSentry();
});
afterAll(async () => {
  await t?.close();
  await flushErrorReporting();
  await sentry?.close();
});

describe('error reporting configuration', () => {
  it('is off without SENTRY_DSN, with the traces sample rate defaulting to 1 once on', () => {
    expect(loadConfig({ ...BASE_ENV }).errorReporting).toBeNull();
    expect(loadConfig({ ...BASE_ENV, SENTRY_DSN: sentry.dsn() }).errorReporting).toEqual({
      dsn: sentry.dsn(),
      environment: 'test',
      tracesSampleRate: 1,
    });
    expect(
      loadConfig({
        ...BASE_ENV,
        SENTRY_DSN: 'https://abc@glitchtip.example.com/7',
        SENTRY_ENVIRONMENT: 'staging',
        SENTRY_TRACES_SAMPLE_RATE: '0.25',
      }).errorReporting,
    ).toEqual({ dsn: 'https://abc@glitchtip.example.com/7', environment: 'staging', tracesSampleRate: 0.25 });
  });

  it('refuses a DSN that is not one and a sample rate outside 0..1, naming the variable', () => {
    expect(() => loadConfig({ ...BASE_ENV, SENTRY_DSN: 'https://sentry.example.com' })).toThrow(
      /SENTRY_DSN: must be a Sentry DSN/,
    );
    expect(() =>
      loadConfig({ ...BASE_ENV, SENTRY_DSN: sentry.dsn(), SENTRY_TRACES_SAMPLE_RATE: '2' }),
    ).toThrow(ConfigError);
  });
});

describe('reporting server errors', () => {
  it('sends nothing when reporting is off', async () => {
    expect(startErrorReporting(null)).toBe(false);
    const off = await createTestApp({}, failingRoutes);
    try {
      const response = await off.app.inject({ method: 'GET', url: '/api/test/crash' });
      expect(response.statusCode).toBe(500);
      const config = clientConfigSchema.parse(
        (await off.app.inject({ method: 'GET', url: '/akpi-env' })).json(),
      );
      expect(config.sentryDsn).toBeUndefined();
    } finally {
      await off.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sentry.envelopes).toHaveLength(0);
  });

  it('sends one event per 5xx, tagged with the reference id the user is shown', async () => {
    const errorReporting = loadConfig({ ...BASE_ENV, SENTRY_DSN: sentry.dsn('42') }).errorReporting;
    expect(startErrorReporting(errorReporting)).toBe(true);
    t = await createTestApp({ errorReporting }, failingRoutes);

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/crash',
      headers: { 'x-request-id': 'ref-crash-0001', cookie: 'better-auth.session_token=secret' },
    });
    expect(response.statusCode).toBe(500);
    const body = errorResponseSchema.parse(response.json());
    expect(body.referenceId).toBe('ref-crash-0001');

    const [event] = await sentry.waitForEvents(1);
    expect(sentry.envelopes[0]?.projectId).toBe('42');
    expect(event?.tags?.[REFERENCE_ID_TAG]).toBe(body.referenceId);
    expect(event?.tags?.['http.status_code']).toBe('500');
    expect(event?.environment).toBe('test');
    expect(event?.exception?.values?.at(-1)).toMatchObject({
      type: 'Error',
      value: 'the database went away',
    });
    expect(JSON.stringify(event)).not.toContain('secret');
    // Exactly one event for the one failure.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentry.events()).toHaveLength(1);
  });

  it('reports a 5xx AppError too, and never a 4xx', async () => {
    const before = sentry.events().length;
    const conflict = await t!.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(conflict.statusCode).toBe(409);
    const unavailable = await t!.app.inject({ method: 'GET', url: '/api/test/unavailable' });
    expect(unavailable.statusCode).toBe(503);
    const events = await sentry.waitForEvents(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentry.events()).toHaveLength(before + 1);
    expect(events.at(-1)?.tags?.[REFERENCE_ID_TAG]).toBe(
      unavailable.json<{ referenceId: string }>().referenceId,
    );
    expect(events.at(-1)?.tags?.['http.status_code']).toBe('503');
  });

  it('tells the browser the DSN through the client configuration', async () => {
    const response = await t!.app.inject({ method: 'GET', url: '/akpi-env' });
    expect(clientConfigSchema.parse(response.json())).toMatchObject({
      sentryDsn: sentry.dsn('42'),
      sentryEnvironment: 'test',
    });
  });
});
