import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type TrustProxy } from '#server/config.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/** The sign-in library's limits per client address (auth/auth.ts and the library's defaults). */
const SIGN_INS_PER_MINUTE = 20;
const RESETS_PER_MINUTE = 3;

/**
 * The app with its per-address limits on, as in production (tests otherwise run without them), for
 * the tests of one describe block: they use addresses of their own, so they share it.
 */
function appTrusting(trustProxy: TrustProxy): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp({ nodeEnv: 'production', trustProxy }));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

type From = { forwardedFor?: string; remoteAddress?: string };

/**
 * A sign-in the limit counts. By default a malformed address, which the library refuses (400) without
 * the cost of checking a password; `wrongPassword` makes it a real failed sign-in (401) for an address
 * nobody uses, so the per-account lockout never answers first.
 */
const signIn = (app: TestApp, { forwardedFor, remoteAddress }: From = {}, wrongPassword = false) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: {
      origin: 'http://localhost:3000',
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: {
      email: wrongPassword ? `nobody-${randomUUID()}@understanding.test` : 'not an address',
      password: 'Wrong-password-1',
    },
  });

const requestReset = (app: TestApp, { forwardedFor, remoteAddress }: From = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: {
      origin: 'http://localhost:3000',
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: { email: `nobody-${randomUUID()}@understanding.test` },
  });

/** The status of each of `count` calls, one after the other. */
async function statuses(count: number, call: (i: number) => Promise<{ statusCode: number }>) {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) answers.push((await call(i)).statusCode);
  return answers;
}

const forged = (i: number) => `198.51.100.${i + 1}`;

describe('per-address limits with the default configuration (no trusted proxy)', () => {
  const app = appTrusting(false);

  it('count a caller who forges a different X-Forwarded-For each time as one client', async () => {
    const answers = await statuses(SIGN_INS_PER_MINUTE + 5, (i) =>
      signIn(app, { forwardedFor: forged(i) }, true),
    );
    expect(answers.slice(0, SIGN_INS_PER_MINUTE)).toEqual(Array(SIGN_INS_PER_MINUTE).fill(401));
    expect(answers.slice(SIGN_INS_PER_MINUTE)).toEqual(Array(5).fill(429));
    // X-Real-IP is no way round it either.
    const realIp = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: {
        origin: 'http://localhost:3000',
        'content-type': 'application/json',
        'x-real-ip': '192.0.2.1',
      },
      payload: { email: 'x@understanding.test', password: 'Wrong-password-1' },
    });
    expect(realIp.statusCode).toBe(429);
  });

  it('count password reset requests with forged addresses as one client', async () => {
    const answers = await statuses(RESETS_PER_MINUTE + 2, (i) =>
      requestReset(app, { forwardedFor: forged(i) }),
    );
    expect(answers).toEqual([...Array<number>(RESETS_PER_MINUTE).fill(200), 429, 429]);
  });

  it('still tell clients apart by the address they connect from', async () => {
    await statuses(SIGN_INS_PER_MINUTE, () => signIn(app, { remoteAddress: '203.0.113.1' }));
    expect((await signIn(app, { remoteAddress: '203.0.113.1' })).statusCode).toBe(429);
    expect((await signIn(app, { remoteAddress: '203.0.113.2' })).statusCode).toBe(400);
  });
});

describe('per-address limits behind one trusted proxy (TRUST_PROXY=1)', () => {
  // The proxy appends the address it was reached from; what the client wrote before it is forgeable.
  const through = (client: string, i: number) => `${forged(i)}, ${client}`;
  const app = appTrusting(1);

  it('give each forwarded client its own sign-in budget and limit the same client however it forges', async () => {
    const first = await statuses(SIGN_INS_PER_MINUTE + 1, (i) =>
      signIn(app, { forwardedFor: through('203.0.113.10', i) }),
    );
    expect(first.slice(0, SIGN_INS_PER_MINUTE)).toEqual(Array(SIGN_INS_PER_MINUTE).fill(400));
    expect(first[SIGN_INS_PER_MINUTE]).toBe(429);

    const second = await statuses(SIGN_INS_PER_MINUTE + 1, (i) =>
      signIn(app, { forwardedFor: through('203.0.113.20', i) }),
    );
    expect(second.slice(0, SIGN_INS_PER_MINUTE)).toEqual(Array(SIGN_INS_PER_MINUTE).fill(400));
    expect(second[SIGN_INS_PER_MINUTE]).toBe(429);
  });

  it('give each forwarded client its own password reset budget', async () => {
    const first = await statuses(RESETS_PER_MINUTE + 1, (i) =>
      requestReset(app, { forwardedFor: through('203.0.113.10', i) }),
    );
    expect(first).toEqual([...Array<number>(RESETS_PER_MINUTE).fill(200), 429]);
    const second = await statuses(RESETS_PER_MINUTE + 1, (i) =>
      requestReset(app, { forwardedFor: through('203.0.113.20', i) }),
    );
    expect(second).toEqual([...Array<number>(RESETS_PER_MINUTE).fill(200), 429]);
  });
});

describe('per-address limits behind a listed proxy (TRUST_PROXY=127.0.0.1)', () => {
  const app = appTrusting(['127.0.0.1']);

  it('read X-Forwarded-For from the listed proxy only, never from a client that connects directly', async () => {
    // Through the proxy (the test's own address): each forwarded client on its own.
    await statuses(SIGN_INS_PER_MINUTE, () => signIn(app, { forwardedFor: '203.0.113.10' }));
    expect((await signIn(app, { forwardedFor: '203.0.113.10' })).statusCode).toBe(429);
    expect((await signIn(app, { forwardedFor: '203.0.113.20' })).statusCode).toBe(400);
    // Straight to the server from elsewhere: the forged header is ignored.
    const direct = await statuses(SIGN_INS_PER_MINUTE + 1, (i) =>
      signIn(app, { remoteAddress: '192.0.2.50', forwardedFor: forged(i) }),
    );
    expect(direct[SIGN_INS_PER_MINUTE]).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  const load = (value?: string) =>
    loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...(value === undefined ? {} : { TRUST_PROXY: value }) });

  it('is off by default and takes the forms of Fastify’s trustProxy', () => {
    expect(load().trustProxy).toBe(false);
    expect(load('false').trustProxy).toBe(false);
    expect(load('0').trustProxy).toBe(false);
    expect(load('true').trustProxy).toBe(true);
    expect(load('1').trustProxy).toBe(1);
    expect(load('2').trustProxy).toBe(2);
    expect(load('10.0.0.5').trustProxy).toEqual(['10.0.0.5']);
    expect(load('10.0.0.5, 192.168.0.0/16,fd00::/8,loopback').trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else, naming the variable and the forms it takes', () => {
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.internal', '10.0.0.1,', '-1', '1.5']) {
      expect(() => load(bad), bad).toThrow(/TRUST_PROXY: must be false \(the default: no proxy\), true/);
    }
  });
});
