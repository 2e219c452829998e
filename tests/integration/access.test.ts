import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clarityUserResponseSchema,
  clientConfigSchema,
  featuresResponseSchema,
  subscriptionFeaturesResponseSchema,
  userAccessResponseSchema,
} from '#shared/contracts/access.ts';
import { levelsResponseSchema } from '#shared/contracts/levels.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { subscriberResponseSchema, subscriberUsersResponseSchema } from '#shared/contracts/subscription.ts';
import { whatsNewResponseSchema } from '#shared/contracts/whats-new.ts';
import {
  accessRecords,
  featureFlags,
  featureFlagTargets,
  productFeatures,
  subscriberFeatures,
  userPermissions,
  whatsNewEntries,
} from '#server/db/schema/access.ts';
import { subscribers } from '#server/db/schema/tenancy.ts';
import { resolveLevel } from '#server/policies/scope.ts';
import type { Actor } from '#server/policies/actor.ts';
import { resolveActorAccess } from '#server/services/access/access-service.ts';
import { buildAgency, buildNetwork, buildUser } from '#tests/support/factories.ts';
import { createTestApp, signIn, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let home: Awaited<ReturnType<typeof buildAgency>>;
let sibling: Awaited<ReturnType<typeof buildAgency>>;
let foreign: Awaited<ReturnType<typeof buildAgency>>;
let owner: Awaited<ReturnType<typeof buildUser>>;
let managed: Awaited<ReturnType<typeof buildUser>>;
let networkUser: Awaited<ReturnType<typeof buildUser>>;
let staff: Awaited<ReturnType<typeof buildUser>>;
const cookies: Record<string, string> = {};

/** The actor a session of this user resolves to. */
const actorOf = (user: Awaited<ReturnType<typeof buildUser>>): Actor => ({
  userId: user.id,
  email: user.email,
  userType: user.userType as Actor['userType'],
  agencyUuid: user.agencyUuid,
  networkUuid: user.networkUuid,
  isOwner: user.isOwner,
  isAdministrator: user.isAdministrator,
  sessionId: 'test',
});

const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who] ?? '' } });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  home = await buildAgency(db);
  sibling = await buildAgency(db, { networkUuid: home.networkUuid });
  foreign = await buildAgency(db);
  owner = await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid, isOwner: true });
  managed = await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid });
  networkUser = await buildUser(db, { userType: 'network', networkUuid: home.networkUuid });
  staff = await buildUser(db, { userType: 'internal' });

  await db.insert(productFeatures).values([
    { key: 'cpr', title: 'Carrier Production', externalId: 'test-cpr', isLive: true },
    { key: 'pbi-retention', title: 'Retention', externalId: 'test-retention', isLive: false },
  ]);
  await db.insert(subscriberFeatures).values([{ agencyUuid: home.uuid, externalId: 'test-cpr' }]);
  await db
    .insert(accessRecords)
    .values([{ userId: managed.id, productComponentKey: 'cpr', denyAccess: true }]);
  await db.insert(userPermissions).values({ userId: staff.id, permission: 'clarity:access:basic' });
  await db.insert(featureFlags).values([
    { key: 'growthMeasurement', title: 'Growth Plan Measurement', enabled: false },
    { key: 'aiChat', title: 'AI Chat', enabled: true },
  ]);
  await db.insert(featureFlagTargets).values([
    { flagKey: 'growthMeasurement', targetType: 'network', targetUuid: home.networkUuid, enabled: true },
    { flagKey: 'growthMeasurement', targetType: 'user', targetUuid: managed.id, enabled: false },
    { flagKey: 'aiChat', targetType: 'agency', targetUuid: home.uuid, enabled: false },
  ]);
  await db.insert(whatsNewEntries).values([
    { publishedOn: '2026-09-20', title: 'Older', body: 'Older news.' },
    { publishedOn: '2026-10-20', title: 'Newer', body: 'Newer news.' },
  ]);

  for (const [who, user] of Object.entries({ owner, managed, networkUser, staff })) {
    cookies[who] = await signIn(t.app, user.email);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('access data of the signed-in user', () => {
  it('answers 401 without a session on every shell call', async () => {
    for (const url of [
      '/api/user/access',
      '/api/product-features',
      '/api/subscription/features',
      '/api/features',
      '/api/clarity/user',
      '/api/levels',
      '/api/whats-new',
    ]) {
      const response = await get('nobody', url);
      expect(response.statusCode, url).toBe(401);
      expect(errorResponseSchema.parse(response.json()).refreshTokenRevoked).toBeUndefined();
    }
  });

  it("returns the caller's own access records and the subscriber's features", async () => {
    const access = userAccessResponseSchema.parse((await get('managed', '/api/user/access')).json());
    expect(access.accessRecords).toEqual([{ productComponentKey: 'cpr', denyAccess: true }]);
    const own = userAccessResponseSchema.parse((await get('owner', '/api/user/access')).json());
    expect(own.accessRecords).toEqual([]);
    const features = subscriptionFeaturesResponseSchema.parse(
      (await get('owner', '/api/subscription/features')).json(),
    );
    expect(features.features).toEqual([{ externalId: 'test-cpr' }]);
    const none = subscriptionFeaturesResponseSchema.parse(
      (await get('staff', '/api/subscription/features')).json(),
    );
    expect(none.features).toEqual([]);
  });

  it('resolves access on the server with the same rules: owner yes, denied user no, staff all', async () => {
    const db = t.database.db;
    expect(await resolveActorAccess(db, actorOf(owner))).toEqual({ cpr: true, pbiRetention: false });
    expect(await resolveActorAccess(db, actorOf(managed))).toEqual({ cpr: false, pbiRetention: false });
    expect(await resolveActorAccess(db, actorOf(networkUser))).toEqual({ cpr: true, pbiRetention: false });
    expect(await resolveActorAccess(db, actorOf(staff))).toEqual({ cpr: true, pbiRetention: true });
  });

  it('evaluates flags with user, agency and network keys, the most specific winning', async () => {
    const flagsOf = async (who: string) =>
      Object.fromEntries(
        featuresResponseSchema
          .parse((await get(who, '/api/features')).json())
          .features.map((f) => [f.key, f.enabled]),
      );
    expect(await flagsOf('owner')).toEqual({ aiChat: false, growthMeasurement: true });
    expect(await flagsOf('managed')).toEqual({ aiChat: false, growthMeasurement: false });
    expect(await flagsOf('networkUser')).toEqual({ aiChat: true, growthMeasurement: true });
    expect(await flagsOf('staff')).toEqual({ aiChat: true, growthMeasurement: false });
  });

  it('answers the upload-portal user with permissions, or 403 for a user without a portal account', async () => {
    const staffPortal = clarityUserResponseSchema.parse((await get('staff', '/api/clarity/user')).json());
    expect(staffPortal.permissions).toEqual(['clarity:access:basic']);
    expect((await get('owner', '/api/clarity/user')).statusCode).toBe(403);
  });

  it('serves the client configuration and the product news, newest first', async () => {
    const config = clientConfigSchema.parse((await get('nobody', '/akpi-env')).json());
    expect(config.supportEmail).toContain('@');
    // A path: the Help Portal opens on the host the user came through, not PUBLIC_URL's.
    expect(config.helpSiteUrl).toBe('/helpDesk');
    const news = whatsNewResponseSchema.parse((await get('owner', '/api/whats-new')).json());
    expect(news.entries.map((e) => e.title)).toEqual(['Newer', 'Older']);
  });
});

describe('levels and scope', () => {
  it('lists the levels each caller may choose', async () => {
    const forOwner = levelsResponseSchema.parse((await get('owner', '/api/levels')).json());
    expect(forOwner.networks).toHaveLength(1);
    expect(forOwner.networks[0]!.selectable).toBe(false);
    expect(forOwner.networks[0]!.agencies.map((a) => a.uuid)).toEqual([home.uuid]);

    const forNetwork = levelsResponseSchema.parse((await get('networkUser', '/api/levels')).json());
    expect(forNetwork.networks.map((n) => n.uuid)).toEqual([home.networkUuid]);
    expect(forNetwork.networks[0]!.selectable).toBe(true);
    expect(forNetwork.networks[0]!.agencies.map((a) => a.uuid).sort()).toEqual(
      [home.uuid, sibling.uuid].sort(),
    );

    const forStaff = levelsResponseSchema.parse((await get('staff', '/api/levels')).json());
    const staffNetworks = forStaff.networks.map((n) => n.uuid);
    expect(staffNetworks).toEqual(expect.arrayContaining([home.networkUuid, foreign.networkUuid]));
  });

  it('resolves a level inside the scope and refuses every level outside it with 403', async () => {
    const db = t.database.db;
    const agencyActor = actorOf(owner);
    const networkActor = actorOf(networkUser);
    const staffActor = actorOf(staff);
    const otherNetwork = await buildNetwork(db);
    const refused = async (actor: Actor, level: string) => {
      await expect(resolveLevel(db, actor, level)).rejects.toMatchObject({ code: 'forbidden' });
    };

    expect(await resolveLevel(db, agencyActor, undefined)).toEqual({
      kind: 'agency',
      agencyUuid: home.uuid,
      networkUuid: home.networkUuid,
    });
    expect(await resolveLevel(db, agencyActor, home.uuid)).toMatchObject({ kind: 'agency' });
    await refused(agencyActor, home.networkUuid);
    await refused(agencyActor, sibling.uuid);
    await refused(agencyActor, foreign.uuid);
    await refused(agencyActor, foreign.networkUuid);

    expect(await resolveLevel(db, networkActor, undefined)).toEqual({
      kind: 'network',
      networkUuid: home.networkUuid,
    });
    expect(await resolveLevel(db, networkActor, sibling.uuid)).toMatchObject({
      kind: 'agency',
      agencyUuid: sibling.uuid,
    });
    await refused(networkActor, foreign.uuid);
    await refused(networkActor, foreign.networkUuid);
    await refused(networkActor, otherNetwork.uuid);
    await refused(networkActor, '00000000-0000-4000-8000-000000000000');

    expect(await resolveLevel(db, staffActor, foreign.uuid)).toMatchObject({ kind: 'agency' });
    expect(await resolveLevel(db, staffActor, otherNetwork.uuid)).toEqual({
      kind: 'network',
      networkUuid: otherNetwork.uuid,
    });
    await expect(resolveLevel(db, staffActor, undefined)).rejects.toMatchObject({ code: 'bad_request' });
    await refused(staffActor, '00000000-0000-4000-8000-000000000000');
  });

  it("lets callers read their own subscriber and refuses another agency's or network's with 403", async () => {
    for (const path of ['/api/subscription/subscribers', '/api/subscription/by-subscribers']) {
      const own = await get('owner', `${path}?subscriberUuid=${home.subscriber.uuid}`);
      expect(own.statusCode, path).toBe(200);
      expect((await get('owner', `${path}?subscriberUuid=${sibling.subscriber.uuid}`)).statusCode, path).toBe(
        403,
      );
      expect((await get('owner', `${path}?subscriberUuid=${foreign.subscriber.uuid}`)).statusCode, path).toBe(
        403,
      );
      expect(
        (await get('networkUser', `${path}?subscriberUuid=${sibling.subscriber.uuid}`)).statusCode,
        path,
      ).toBe(200);
      expect(
        (await get('networkUser', `${path}?subscriberUuid=${foreign.subscriber.uuid}`)).statusCode,
        path,
      ).toBe(403);
      expect((await get('staff', `${path}?subscriberUuid=${foreign.subscriber.uuid}`)).statusCode, path).toBe(
        200,
      );
      const bad = await get('owner', `${path}?subscriberUuid=not-a-uuid`);
      expect(bad.statusCode).toBe(400);
      expect(errorResponseSchema.parse(bad.json()).error.fields).toHaveProperty('subscriberUuid');
    }
    await t.database.db
      .update(subscribers)
      .set({ primaryUserUuid: owner.id })
      .where(eq(subscribers.uuid, home.subscriber.uuid));
    const subscriber = subscriberResponseSchema.parse(
      (await get('owner', `/api/subscription/subscribers?subscriberUuid=${home.subscriber.uuid}`)).json(),
    );
    expect(subscriber.adminUser?.uuid).toBe(owner.id);
    const users = subscriberUsersResponseSchema.parse(
      (await get('owner', `/api/subscription/by-subscribers?subscriberUuid=${home.subscriber.uuid}`)).json(),
    );
    expect(users.users.map((u) => u.userUuid).sort()).toEqual([owner.id, managed.id].sort());
  });
});
