import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresResponseSchema } from '#shared/contracts/access.ts';
import {
  adminFeatureFlagsResponseSchema,
  adminUserAccessResponseSchema,
  adminUsersResponseSchema,
} from '#shared/contracts/admin.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { featureFlags, productFeatures } from '#server/db/schema/access.ts';
import { auditLog } from '#server/db/schema/auth.ts';
import { buildAgency, buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let staffCookie: string;
let agencyCookie: string;
let agencyUser: Awaited<ReturnType<typeof buildUser>>;
let agency: Awaited<ReturnType<typeof buildAgency>>;

const call = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  injectAs(t.app, cookie, method, url, payload);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  agency = await buildAgency(db);
  agencyUser = await buildUser(db, {
    agencyUuid: agency.uuid,
    networkUuid: agency.networkUuid,
    isAdministrator: true,
  });
  const staff = await buildUser(db, { userType: 'internal' });
  await db.insert(productFeatures).values([
    { key: 'cpr', title: 'Carrier Production', externalId: 'adm-cpr', isLive: true },
    { key: 'pbi-retention', title: 'Retention', externalId: null, isLive: false },
  ]);
  await db
    .insert(featureFlags)
    .values({ key: 'growthMeasurement', title: 'Growth Plan Measurement', enabled: false });
  staffCookie = await signIn(t.app, staff.email);
  agencyCookie = await signIn(t.app, agencyUser.email);
});
afterAll(async () => {
  await t?.close();
});

describe('admin access for internal staff only', () => {
  it('refuses every admin call to a non-internal user with 403', async () => {
    const id = agencyUser.id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/feature-flags'],
      ['PUT', '/api/admin/feature-flags/growthMeasurement', { enabled: true }],
      [
        'PUT',
        '/api/admin/feature-flags/growthMeasurement/targets',
        { targetType: 'user', targetUuid: id, enabled: true },
      ],
      ['GET', '/api/admin/users?search=a'],
      ['GET', `/api/admin/users/${id}/access`],
      ['PUT', `/api/admin/users/${id}/access`, { accessRecords: [] }],
      ['POST', `/api/admin/users/${id}/revoke-sessions`],
    ];
    for (const [method, url, body] of calls) {
      const response = await call(agencyCookie, method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const flag = await t.database.db
      .select()
      .from(featureFlags)
      .where(eq(featureFlags.key, 'growthMeasurement'));
    expect(flag[0]!.enabled).toBe(false);
  });

  it('changes a flag default and per-user targets, and the user sees the result', async () => {
    const flagFor = async () =>
      featuresResponseSchema
        .parse((await call(agencyCookie, 'GET', '/api/features')).json())
        .features.find((f) => f.key === 'growthMeasurement')?.enabled;
    expect(await flagFor()).toBe(false);
    expect(
      (await call(staffCookie, 'PUT', '/api/admin/feature-flags/growthMeasurement', { enabled: true }))
        .statusCode,
    ).toBe(200);
    expect(await flagFor()).toBe(true);

    const target = { targetType: 'user', targetUuid: agencyUser.id, enabled: false };
    expect(
      (await call(staffCookie, 'PUT', '/api/admin/feature-flags/growthMeasurement/targets', target))
        .statusCode,
    ).toBe(200);
    expect(await flagFor()).toBe(false);
    const listed = adminFeatureFlagsResponseSchema.parse(
      (await call(staffCookie, 'GET', '/api/admin/feature-flags')).json(),
    );
    expect(listed.flags[0]!.targets).toEqual([
      { targetType: 'user', targetUuid: agencyUser.id, label: agencyUser.email, enabled: false },
    ]);

    await call(staffCookie, 'PUT', '/api/admin/feature-flags/growthMeasurement/targets', {
      ...target,
      enabled: null,
    });
    expect(await flagFor()).toBe(true);
  });

  it('names the problem for an unknown flag or target, and changes nothing', async () => {
    const unknownFlag = await call(staffCookie, 'PUT', '/api/admin/feature-flags/nope', { enabled: true });
    expect(unknownFlag.statusCode).toBe(404);
    const unknownTarget = await call(
      staffCookie,
      'PUT',
      '/api/admin/feature-flags/growthMeasurement/targets',
      {
        targetType: 'agency',
        targetUuid: agencyUser.id,
        enabled: true,
      },
    );
    expect(unknownTarget.statusCode).toBe(400);
    expect(errorResponseSchema.parse(unknownTarget.json()).error.fields).toEqual({
      targetUuid: 'No agency has this id.',
    });
    const badBody = await call(staffCookie, 'PUT', '/api/admin/feature-flags/growthMeasurement', {
      enabled: 'yes',
    });
    expect(badBody.statusCode).toBe(400);
    expect(errorResponseSchema.parse(badBody.json()).error.fields).toHaveProperty('enabled');
  });

  it("finds users and replaces a user's access records with an audit row", async () => {
    const found = adminUsersResponseSchema.parse(
      (
        await call(staffCookie, 'GET', `/api/admin/users?search=${encodeURIComponent(agencyUser.email)}`)
      ).json(),
    );
    expect(found.users).toEqual([
      expect.objectContaining({ userUuid: agencyUser.id, organisation: agency.name, activeSessions: 1 }),
    ]);
    const byId = adminUsersResponseSchema.parse(
      (await call(staffCookie, 'GET', `/api/admin/users?search=${agencyUser.id}`)).json(),
    );
    expect(byId.users.map((u) => u.userUuid)).toEqual([agencyUser.id]);

    const records = [
      { productComponentKey: 'cpr', denyAccess: true },
      { productComponentKey: 'pbi-retention', denyAccess: false },
    ];
    const saved = await call(staffCookie, 'PUT', `/api/admin/users/${agencyUser.id}/access`, {
      accessRecords: records,
    });
    expect(saved.statusCode).toBe(200);
    const read = adminUserAccessResponseSchema.parse(
      (await call(staffCookie, 'GET', `/api/admin/users/${agencyUser.id}/access`)).json(),
    );
    expect(read.accessRecords).toEqual(records);
    const own = await call(agencyCookie, 'GET', '/api/user/access');
    expect(own.json()).toEqual({ accessRecords: records });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, agencyUser.id));
    expect(audits.some((a) => a.entity === 'access_records' && a.action === 'replace')).toBe(true);
  });

  it('refuses unknown features or duplicates without touching the saved records', async () => {
    const before: unknown = (
      await call(staffCookie, 'GET', `/api/admin/users/${agencyUser.id}/access`)
    ).json();
    const unknown = await call(staffCookie, 'PUT', `/api/admin/users/${agencyUser.id}/access`, {
      accessRecords: [{ productComponentKey: 'made-up', denyAccess: false }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorResponseSchema.parse(unknown.json()).error.message).toBe('Unknown feature: made-up.');
    const duplicate = await call(staffCookie, 'PUT', `/api/admin/users/${agencyUser.id}/access`, {
      accessRecords: [
        { productComponentKey: 'cpr', denyAccess: false },
        { productComponentKey: 'cpr', denyAccess: true },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect((await call(staffCookie, 'GET', `/api/admin/users/${agencyUser.id}/access`)).json()).toEqual(
      before,
    );
    const missing = await call(
      staffCookie,
      'GET',
      '/api/admin/users/00000000-0000-4000-8000-000000000000/access',
    );
    expect(missing.statusCode).toBe(404);
    expect(errorResponseSchema.parse(missing.json()).referenceId).toBe(missing.headers['x-request-id']);
  });
});

describe('revoking sessions', () => {
  it('ends every session of the user: the next call is 401 with refreshTokenRevoked, others are untouched', async () => {
    const second = await signIn(t.app, agencyUser.email);
    expect((await call(second, 'GET', '/api/user')).statusCode).toBe(200);

    const revoked = await call(staffCookie, 'POST', `/api/admin/users/${agencyUser.id}/revoke-sessions`);
    expect(revoked.json()).toEqual({ revoked: 2 });

    for (const cookie of [agencyCookie, second]) {
      const response = await call(cookie, 'GET', '/api/user');
      expect(response.statusCode).toBe(401);
      const body = errorResponseSchema.parse(response.json());
      expect(body.refreshTokenRevoked).toBe(true);
    }
    expect((await call(staffCookie, 'GET', '/api/user')).statusCode).toBe(200);

    const fresh = await signIn(t.app, agencyUser.email);
    expect((await call(fresh, 'GET', '/api/user')).statusCode).toBe(200);
  });
});
