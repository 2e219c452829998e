import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { userResponseSchema } from '#shared/contracts/user.ts';
import { buildAgency, buildUser } from '#tests/support/factories.ts';
import { createTestApp, signIn, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('reports the database it runs on', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.driver });
  });
});

describe('request ids and errors', () => {
  it('echoes a caller-supplied x-request-id and generates one otherwise', async () => {
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with the error shape and the reference id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    const body = errorResponseSchema.parse(response.json());
    expect(body.error.code).toBe('not_found');
    expect(body.referenceId).toBe(response.headers['x-request-id']);
  });

  it('sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/user', '/api/health']));
  });
});

describe('sign-in and /api/user', () => {
  it('refuses API calls without a session with 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('unauthorized');
  });

  it('refuses a wrong password', async () => {
    const user = await buildUser(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: user.email, password: 'not-the-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('sets an HttpOnly session cookie and returns the agency user in the spec shape', async () => {
    const agency = await buildAgency(t.database.db, { bypassExternalSubscriber: false });
    const owner = await buildUser(t.database.db, {
      agencyUuid: agency.uuid,
      networkUuid: agency.networkUuid,
      isOwner: true,
    });
    const signInResponse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: owner.email, password: 'Correct-horse-9' },
    });
    const setCookie = ([] as string[]).concat(signInResponse.headers['set-cookie'] ?? []).join('\n');
    expect(setCookie).toMatch(/understanding\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);

    const cookie = await signIn(t.app, owner.email);
    const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { user, errorMessage } = userResponseSchema.parse(response.json());
    expect(errorMessage).toBeNull();
    expect(user).toMatchObject({
      userUuid: owner.id,
      email: owner.email,
      userType: 'agency',
      isOwner: true,
      isAdmin: true,
      isInternal: false,
      agency: { uuid: agency.uuid, name: agency.name, city: 'Des Moines', state: 'IA' },
      network: { uuid: agency.networkUuid },
      subscriptions: [{ status: 'Active' }],
      // Billing is off without Stripe keys: every subscriber passes the check (docs/decisions/012).
      bypassExternalSubscriber: true,
      isPrimaryUserOfSubscriber: false,
    });
  });

  it('gives network and internal users no agency and lets them bypass the subscriber check', async () => {
    const networkUser = await buildUser(t.database.db, { userType: 'network' });
    const staff = await buildUser(t.database.db, { userType: 'internal' });
    const n = userResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { cookie: await signIn(t.app, networkUser.email) },
        })
      ).json(),
    ).user;
    expect(n).toMatchObject({
      userType: 'network',
      agency: null,
      network: { uuid: networkUser.networkUuid },
      bypassExternalSubscriber: true,
    });
    const s = userResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { cookie: await signIn(t.app, staff.email) },
        })
      ).json(),
    ).user;
    expect(s).toMatchObject({ userType: 'internal', isInternal: true, agency: null, network: null });
  });

  it('ends the session on sign-out: the old cookie is refused afterwards', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a deactivated user even with a valid session', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    const { users } = await import('#server/db/schema/auth.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(response.statusCode).toBe(401);
  });

  it('does not allow self sign-up', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: 'new@example.test', password: 'Whatever-123', name: 'New' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });
});
