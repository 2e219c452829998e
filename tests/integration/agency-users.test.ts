import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyUsersResponseSchema } from '#shared/contracts/user.ts';
import { buildAgency, buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let home: Awaited<ReturnType<typeof buildAgency>>;
let other: Awaited<ReturnType<typeof buildAgency>>;
const cookies: Record<string, string> = {};
const people: Record<string, Awaited<ReturnType<typeof buildUser>>> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  home = await buildAgency(db);
  other = await buildAgency(db, { networkUuid: home.networkUuid });
  const at = { agencyUuid: home.uuid, networkUuid: home.networkUuid };
  people.owner = await buildUser(db, { ...at, isOwner: true });
  people.administrator = await buildUser(db, { ...at, isAdministrator: true });
  people.member = await buildUser(db, at);
  people.inactive = await buildUser(db, { ...at, isActive: false });
  people.stranger = await buildUser(db, { agencyUuid: other.uuid, networkUuid: other.networkUuid });
  people.network = await buildUser(db, { userType: 'network', networkUuid: home.networkUuid });
  for (const who of ['owner', 'member', 'stranger', 'network'])
    cookies[who] = await signIn(t.app, people[who]!.email);
});
afterAll(async () => {
  await t?.close();
});

const list = async (who: string, query = '') => {
  const response = await injectAs(t.app, cookies[who]!, 'GET', `/api/agency/users${query}`);
  return {
    status: response.statusCode,
    body: response.statusCode === 200 ? agencyUsersResponseSchema.parse(response.json()) : null,
  };
};

describe('GET /api/agency/users', () => {
  it("lists the agency's active users, with Admin for owners and administrators", async () => {
    const { status, body } = await list('member');
    expect(status).toBe(200);
    const byEmail = new Map(body!.users.map((u) => [u.email, u.isAdmin]));
    expect(byEmail).toEqual(
      new Map([
        [people.owner!.email, true],
        [people.administrator!.email, true],
        [people.member!.email, false],
      ]),
    );
  });

  it("never lists another agency's users, whatever the level asked for", async () => {
    expect((await list('stranger', `?levelUuid=${home.uuid}`)).status).toBe(403);
    const own = await list('stranger');
    expect(own.body!.users.map((u) => u.email)).toEqual([people.stranger!.email]);
    // A network user may look at an agency of the network, but the network itself has no user list.
    expect((await list('network', `?levelUuid=${home.uuid}`)).body!.users).toHaveLength(3);
    expect((await list('network')).status).toBe(400);
  });
});
