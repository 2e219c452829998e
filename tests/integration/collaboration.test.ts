import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collaborationResponseSchema,
  onboardedCarriersResponseSchema,
} from '#shared/contracts/collaboration.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { agencyCodes } from '#server/db/schema/facts.ts';
import { buildAgency, buildCarrier, buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let cookie: string;
let otherSession: string;
let networkCookie: string;
let carrierA: string;
let carrierB: string;
let agency: Awaited<ReturnType<typeof buildAgency>>;
let foreign: Awaited<ReturnType<typeof buildAgency>>;

const call = (cookie: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t.app, cookie, method, url, payload);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  agency = await buildAgency(db);
  foreign = await buildAgency(db);
  const user = await buildUser(db, { agencyUuid: agency.uuid, networkUuid: agency.networkUuid });
  const networkUser = await buildUser(db, { userType: 'network', networkUuid: agency.networkUuid });
  const rows = [
    await buildCarrier(db, { name: 'Acme Mutual Insurance Company', displayName: 'Acme Mutual' }),
    await buildCarrier(db, { name: 'Bluestem Specialty', displayName: 'Bluestem', isMga: true }),
    await buildCarrier(db, { name: 'Cedar Farm Mutual', displayName: 'Cedar Farm' }),
  ];
  [carrierA, carrierB] = [rows[0]!.uuid, rows[1]!.uuid];
  await db.insert(agencyCodes).values([
    { agencyUuid: agency.uuid, carrierUuid: carrierA, code: 'A-1', name: 'Main' },
    { agencyUuid: agency.uuid, carrierUuid: carrierB, code: 'B-1', name: 'Main' },
    { agencyUuid: foreign.uuid, carrierUuid: rows[2]!.uuid, code: 'C-1', name: 'Main' },
  ]);
  cookie = await signIn(t.app, user.email);
  otherSession = await signIn(t.app, user.email);
  networkCookie = await signIn(t.app, networkUser.email);
});
afterAll(async () => {
  await t?.close();
});

describe('onboarded carriers', () => {
  it("lists the carriers with codes at the caller's level, by name, and refuses other levels", async () => {
    const own = onboardedCarriersResponseSchema.parse(
      (await call(cookie, 'GET', '/api/carriers/onboarded')).json(),
    );
    expect(own.carriers.map((c) => c.name)).toEqual(['Acme Mutual', 'Bluestem']);
    const network = onboardedCarriersResponseSchema.parse(
      (await call(networkCookie, 'GET', '/api/carriers/onboarded')).json(),
    );
    expect(network.carriers.map((c) => c.name)).toEqual(['Acme Mutual', 'Bluestem']);
    expect((await call(cookie, 'GET', `/api/carriers/onboarded?levelUuid=${foreign.uuid}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(networkCookie, 'GET', `/api/carriers/onboarded?levelUuid=${foreign.uuid}`)).statusCode,
    ).toBe(403);
  });
});

describe('collaboration mode', () => {
  it('starts off, is entered for this session only, and exits', async () => {
    expect((await call(cookie, 'GET', '/api/collaboration')).json()).toEqual({ collaboration: null });
    const entered = await call(cookie, 'PUT', '/api/collaboration', {
      carriersUuid: [carrierA],
      shareType: 'names',
    });
    expect(entered.statusCode).toBe(200);
    expect(collaborationResponseSchema.parse(entered.json()).collaboration).toEqual({
      carriersUuid: [carrierA],
      carriersName: ['Acme Mutual'],
      shareType: 'names',
    });
    expect((await call(otherSession, 'GET', '/api/collaboration')).json()).toEqual({ collaboration: null });

    const changed = await call(cookie, 'PUT', '/api/collaboration', {
      carriersUuid: [carrierA, carrierB],
      shareType: 'all',
    });
    expect(collaborationResponseSchema.parse(changed.json()).collaboration?.carriersName).toEqual([
      'Acme Mutual',
      'Bluestem',
    ]);

    expect((await call(cookie, 'DELETE', '/api/collaboration')).statusCode).toBe(200);
    expect((await call(cookie, 'GET', '/api/collaboration')).json()).toEqual({ collaboration: null });
  });

  it('refuses an empty or unknown carrier list with a message naming the field, keeping the saved mode', async () => {
    await call(cookie, 'PUT', '/api/collaboration', { carriersUuid: [carrierA], shareType: 'names' });
    const empty = await call(cookie, 'PUT', '/api/collaboration', { carriersUuid: [], shareType: 'names' });
    expect(empty.statusCode).toBe(400);
    expect(errorResponseSchema.parse(empty.json()).error.fields).toEqual({
      carriersUuid: 'Choose at least one carrier.',
    });
    const unknown = await call(cookie, 'PUT', '/api/collaboration', {
      carriersUuid: ['00000000-0000-4000-8000-000000000000'],
      shareType: 'all',
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorResponseSchema.parse(unknown.json()).error.message).toBe(
      'Some chosen carriers do not exist.',
    );
    const kept = collaborationResponseSchema.parse((await call(cookie, 'GET', '/api/collaboration')).json());
    expect(kept.collaboration?.carriersUuid).toEqual([carrierA]);
  });
});
