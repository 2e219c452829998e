import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_EMAIL,
  INVALID_MOBILE,
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_WEAK,
  REQUIRED,
} from '#shared/contracts/account-fields.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  REGISTRATION_REASONS,
  invitationResponseSchema,
  pendingInvitationsResponseSchema,
  registrationMetadataSchema,
  type InvitationRequest,
  type RegistrationMetadata,
  type RegistrationRequest,
} from '#shared/contracts/registration.ts';
import { userResponseSchema } from '#shared/contracts/user.ts';
import { auditLog, invitations, users } from '#server/db/schema/auth.ts';
import { mailOutbox } from '#server/db/schema/manual-entries.ts';
import { subscribers } from '#server/db/schema/tenancy.ts';
import { MAY_NOT_INVITE } from '#server/policies/invitations.ts';
import { buildAgency, buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let home: Awaited<ReturnType<typeof buildAgency>>;
let other: Awaited<ReturnType<typeof buildAgency>>;
const people: Record<string, Awaited<ReturnType<typeof buildUser>>> = {};
const cookies: Record<string, string> = {};
let sequence = 0;

const NEW_PASSWORD = 'Welcome-aboard-7';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  home = await buildAgency(db);
  other = await buildAgency(db, { networkUuid: home.networkUuid });
  const at = { agencyUuid: home.uuid, networkUuid: home.networkUuid };
  people.owner = await buildUser(db, { ...at, isOwner: true });
  people.administrator = await buildUser(db, { ...at, isAdministrator: true });
  people.member = await buildUser(db, at);
  people.otherOwner = await buildUser(db, {
    agencyUuid: other.uuid,
    networkUuid: other.networkUuid,
    isOwner: true,
  });
  people.network = await buildUser(db, { userType: 'network', networkUuid: home.networkUuid });
  people.staff = await buildUser(db, { userType: 'internal' });
  for (const who of Object.keys(people)) cookies[who] = await signIn(t.app, people[who]!.email);
});
afterAll(async () => {
  await t?.close();
});

const freshAddress = () => `invitee-${Date.now()}-${++sequence}@example.test`;

const invitationFor = (overrides: Partial<InvitationRequest> = {}): InvitationRequest => ({
  emailAddress: freshAddress(),
  firstName: 'Rosa',
  lastName: "O'Neil",
  agencyUuid: home.uuid,
  willInviteeBePrimaryUser: false,
  ...overrides,
});

const invite = (who: string, body: InvitationRequest) =>
  injectAs(t.app, cookies[who]!, 'POST', '/api/invitations', body);

/** The registration token of the newest invitation e-mail to `email`, read from the link it carries. */
async function tokenMailedTo(email: string): Promise<string> {
  const [mail] = await t.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = /\/register\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no registration link was mailed to ${email}`);
  return token;
}

/** Invites a new address as the owner and returns the address and its token. */
async function invited(overrides: Partial<InvitationRequest> = {}) {
  const body = invitationFor(overrides);
  const response = await invite('owner', body);
  expect(response.statusCode, response.body).toBe(201);
  return { email: body.emailAddress, token: await tokenMailedTo(body.emailAddress) };
}

const metadata = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/register/meta-data?token=${encodeURIComponent(token)}` });

async function metadataOf(token: string): Promise<RegistrationMetadata> {
  const response = await metadata(token);
  expect(response.statusCode, response.body).toBe(200);
  return registrationMetadataSchema.parse(response.json());
}

const registration = (
  meta: RegistrationMetadata,
  overrides: Partial<RegistrationRequest> = {},
): RegistrationRequest => ({
  agencyId: meta.subscriberUuid,
  firstName: meta.firstName,
  lastName: meta.lastName,
  emailAddress: meta.emailAddress,
  addressLine1: '1 Main Street',
  addressLine2: 'Suite 200',
  city: 'Des Moines',
  state: 'Iowa',
  postalCode: '50309',
  countryCode: '1',
  areaCode: '515',
  phoneNumber: '5550123',
  country: 'United States',
  password: NEW_PASSWORD,
  token: meta.accessToken,
  ...overrides,
});

const register = (path: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/register/${path}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const reasonOf = (response: { json: () => unknown }) =>
  errorResponseSchema.parse(response.json()).error.message;

describe('POST /api/invitations', () => {
  it("lets the agency's owners and administrators and internal staff invite, and no one else", async () => {
    expect((await invite('owner', invitationFor())).statusCode).toBe(201);
    expect((await invite('administrator', invitationFor())).statusCode).toBe(201);
    expect((await invite('staff', invitationFor())).statusCode).toBe(201);
    expect((await invite('staff', invitationFor({ agencyUuid: other.uuid }))).statusCode).toBe(201);
    for (const who of ['otherOwner', 'member', 'network']) {
      const refused = await invite(who, invitationFor());
      expect(refused.statusCode, who).toBe(403);
      expect(reasonOf(refused)).toBe(MAY_NOT_INVITE);
    }
    // The owner of the other agency may invite to their own agency only.
    expect((await invite('otherOwner', invitationFor({ agencyUuid: other.uuid }))).statusCode).toBe(201);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(invitationFor()),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('mails a single-use link that expires in 7 days, and stores only the hash of its token', async () => {
    const body = invitationFor({ emailAddress: `Mixed.Case-${Date.now()}@Example.test` });
    const response = await invite('owner', body);
    const answer = invitationResponseSchema.parse(response.json());
    const email = body.emailAddress.toLowerCase();
    expect(answer.emailAddress).toBe(email);
    const days = (Date.parse(answer.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail!.subject).toBe(`Invitation to join ${home.name} on Understanding`);
    expect(mail!.text).toContain(`${people.owner!.name} has invited you to join ${home.name}`);
    expect(mail!.text).toContain('http://localhost:3000/register?token=');
    expect(mail!.text).toMatch(/expires on \w+day, \w+ \d+, \d{4}/);

    const token = await tokenMailedTo(email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.email, email));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.invitedBy).toBe(people.owner!.id);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invitation'), eq(auditLog.entityId, row!.id)));
    expect(audit).toMatchObject({ action: 'invite', actorUserId: people.owner!.id, agencyUuid: home.uuid });
  });

  it('refuses an address that already signs in, and names the problem', async () => {
    const response = await invite(
      'owner',
      invitationFor({ emailAddress: people.member!.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(reasonOf(response)).toBe(
      `${people.member!.email} already has an account: they can sign in with it.`,
    );
  });

  it('refuses bad input with the shared messages', async () => {
    const response = await invite('owner', invitationFor({ emailAddress: 'not-an-address', firstName: '' }));
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).error.fields).toMatchObject({
      emailAddress: INVALID_EMAIL,
      firstName: REQUIRED,
    });
  });

  it('replaces older unused invitations to the same address and agency', async () => {
    const first = await invited();
    const second = await invited({ emailAddress: first.email });
    expect(second.token).not.toBe(first.token);
    const stale = await metadata(first.token);
    expect(stale.statusCode).toBe(404);
    expect(reasonOf(stale)).toBe(REGISTRATION_REASONS.unknown);
    expect((await metadataOf(second.token)).emailAddress).toBe(first.email);
  });

  it('lists pending invitations to those who may invite', async () => {
    const { email } = await invited({ willInviteeBePrimaryUser: true });
    const listed = await injectAs(
      t.app,
      cookies.administrator!,
      'GET',
      `/api/invitations?agencyUuid=${home.uuid}`,
    );
    expect(listed.statusCode).toBe(200);
    const pending = pendingInvitationsResponseSchema.parse(listed.json()).invitations;
    expect(pending.find((i) => i.emailAddress === email)).toMatchObject({
      willInviteeBePrimaryUser: true,
      invitedByName: people.owner!.name,
    });
    expect(pending.every((i) => Date.parse(i.expiresAt) > Date.now())).toBe(true);
    const refused = await injectAs(
      t.app,
      cookies.otherOwner!,
      'GET',
      `/api/invitations?agencyUuid=${home.uuid}`,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/register/meta-data', () => {
  it("answers the invitation's metadata for a good token, without sign-in", async () => {
    const { email, token } = await invited({ firstName: 'Mary Ann', lastName: 'Lee' });
    expect(await metadataOf(token)).toEqual({
      subscriberUuid: home.subscriber.uuid,
      subscriberName: home.subscriber.displayName,
      agencyNetworkUuid: home.networkUuid,
      agencyNetworkName: expect.any(String) as string,
      userUuid: null,
      willInviteeBePrimaryUser: false,
      emailAddress: email,
      firstName: 'Mary Ann',
      lastName: 'Lee',
      accessToken: token,
    });
  });

  it('gives the reason for an unknown, a used and an expired token', async () => {
    const unknown = await metadata('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(reasonOf(unknown)).toBe(REGISTRATION_REASONS.unknown);

    const missing = await t.app.inject({ method: 'GET', url: '/api/register/meta-data?token=' });
    expect(missing.statusCode).toBe(400);
    expect(errorResponseSchema.parse(missing.json()).error.fields).toEqual({
      token: REGISTRATION_REASONS.missingToken,
    });

    const used = await invited();
    expect((await register('createUser', registration(await metadataOf(used.token)))).statusCode).toBe(201);
    const usedAnswer = await metadata(used.token);
    expect(usedAnswer.statusCode).toBe(410);
    expect(reasonOf(usedAnswer)).toBe(REGISTRATION_REASONS.used);

    const expired = await invited();
    await t.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(invitations.email, expired.email));
    const expiredAnswer = await metadata(expired.token);
    expect(expiredAnswer.statusCode).toBe(410);
    expect(reasonOf(expiredAnswer)).toBe(REGISTRATION_REASONS.expired);
  });
});

describe('registration', () => {
  it('creates the agency user once, signs them in, and the account signs in afterwards', async () => {
    const { email, token } = await invited({ firstName: 'Rosa', lastName: "O'Neil" });
    const meta = await metadataOf(token);
    const response = await register('createUser', registration(meta));
    expect(response.statusCode, response.body).toBe(201);
    const { userUuid } = response.json<{ userUuid: string }>();

    // The answer carries the session: the new user is in the app straight away.
    const sessionCookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await injectAs(t.app, sessionCookie, 'GET', '/api/user');
    expect(me.statusCode).toBe(200);
    expect(userResponseSchema.parse(me.json()).user).toMatchObject({
      userUuid,
      email,
      name: "Rosa O'Neil",
      userType: 'agency',
      agency: { uuid: home.uuid },
      network: { uuid: home.networkUuid },
      isPrimaryUserOfSubscriber: false,
      isAdmin: false,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userUuid));
    expect(row).toMatchObject({
      city: 'Des Moines',
      postalCode: '50309',
      countryCode: '1',
      areaCode: '515',
      phoneNumber: '5550123',
      emailVerified: true,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'register'), eq(auditLog.entityId, userUuid)));
    expect(audit).toMatchObject({ actorUserId: userUuid, agencyUuid: home.uuid });

    // The password was hashed by the sign-in library: signing in with it works.
    expect(await signIn(t.app, email, NEW_PASSWORD)).toContain('session_token');

    const again = await register('createUser', registration(meta, { emailAddress: freshAddress() }));
    expect(again.statusCode).toBe(410);
    expect(reasonOf(again)).toBe(REGISTRATION_REASONS.used);
  });

  it('lets only one of two simultaneous submissions of one link succeed', async () => {
    const meta = await metadataOf((await invited()).token);
    const answers = await Promise.all([
      register('createUser', registration(meta)),
      register('createUser', registration(meta, { emailAddress: freshAddress() })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 410]);
  });

  it('refuses an expired link and leaves no account behind', async () => {
    const { email, token } = await invited();
    const meta = await metadataOf(token);
    await t.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(invitations.email, email));
    const response = await register('createUser', registration(meta));
    expect(response.statusCode).toBe(410);
    expect(reasonOf(response)).toBe(REGISTRATION_REASONS.expired);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('must use the call the invitation names', async () => {
    const plain = await metadataOf((await invited()).token);
    const primary = await metadataOf((await invited({ willInviteeBePrimaryUser: true })).token);
    const wrong = await register('createPrimaryUser', registration(plain));
    expect(wrong.statusCode).toBe(400);
    expect(reasonOf(wrong)).toBe(
      'This invitation is completed through POST /api/register/createUser, not this call.',
    );
    expect((await register('createUser', registration(primary))).statusCode).toBe(400);
    expect((await register(`user/${people.member!.id}`, registration(plain))).statusCode).toBe(400);
    const otherAgency = await register(
      'createUser',
      registration(plain, { agencyId: other.subscriber.uuid }),
    );
    expect(otherAgency.statusCode).toBe(400);
    expect(errorResponseSchema.parse(otherAgency.json()).error.fields).toEqual({
      agencyId: 'This registration is for another agency.',
    });
    // None of the refused calls used up the links.
    expect((await register('createUser', registration(plain))).statusCode).toBe(201);
    expect((await register('createPrimaryUser', registration(primary))).statusCode).toBe(201);
  });

  it('refuses invalid fields with the messages of spec part 2 §5, and the link stays usable', async () => {
    const meta = await metadataOf((await invited()).token);
    const invalid = await register(
      'createUser',
      registration(meta, {
        firstName: '',
        lastName: '',
        emailAddress: 'rosa@',
        areaCode: '51',
        phoneNumber: '5',
        password: 'Ab1.',
      }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(errorResponseSchema.parse(invalid.json()).error.fields).toEqual({
      firstName: REQUIRED,
      lastName: REQUIRED,
      emailAddress: INVALID_EMAIL,
      phoneNumber: INVALID_MOBILE,
      password: PASSWORD_TOO_SHORT,
    });
    const weak = await register('createUser', registration(meta, { password: 'alllowercase1' }));
    expect(errorResponseSchema.parse(weak.json()).error.fields).toEqual({ password: PASSWORD_TOO_WEAK });
    expect((await register('createUser', registration(meta))).statusCode).toBe(201);
  });

  it('refuses an address that already has an account, with a clear message', async () => {
    const meta = await metadataOf((await invited()).token);
    const response = await register('createUser', registration(meta, { emailAddress: people.member!.email }));
    expect(response.statusCode).toBe(409);
    expect(reasonOf(response)).toBe(
      `${people.member!.email} already has an account. Sign in with it, or register with another address.`,
    );
    expect((await metadata(meta.accessToken)).statusCode).toBe(200);
  });

  it("makes the invitee of a primary-user invitation the subscriber's primary user", async () => {
    const { email, token } = await invited({ willInviteeBePrimaryUser: true });
    const meta = await metadataOf(token);
    expect(meta.willInviteeBePrimaryUser).toBe(true);
    const response = await register('createPrimaryUser', registration(meta));
    expect(response.statusCode, response.body).toBe(201);
    const { userUuid } = response.json<{ userUuid: string }>();
    const [subscriber] = await t.database.db
      .select({ primaryUserUuid: subscribers.primaryUserUuid })
      .from(subscribers)
      .where(eq(subscribers.agencyUuid, home.uuid));
    expect(subscriber!.primaryUserUuid).toBe(userUuid);
    const me = await injectAs(t.app, await signIn(t.app, email, NEW_PASSWORD), 'GET', '/api/user');
    expect(userResponseSchema.parse(me.json()).user.isPrimaryUserOfSubscriber).toBe(true);
  });

  it('completes an existing user row that has no password, through /api/register/user/{userUuid}', async () => {
    const email = freshAddress();
    const [existing] = await t.database.db
      .insert(users)
      .values({
        name: 'Pat Doe',
        firstName: 'Pat',
        lastName: 'Doe',
        email,
        agencyUuid: home.uuid,
        networkUuid: home.networkUuid,
      })
      .returning();
    const response = await invite(
      'owner',
      invitationFor({ emailAddress: email, firstName: 'Pat', lastName: 'Doe' }),
    );
    expect(response.statusCode).toBe(201);
    const meta = await metadataOf(await tokenMailedTo(email));
    expect(meta.userUuid).toBe(existing!.id);
    expect((await register('createUser', registration(meta))).statusCode).toBe(400);
    const completed = await register(`user/${existing!.id}`, registration(meta, { firstName: 'Patricia' }));
    expect(completed.statusCode, completed.body).toBe(201);
    expect(completed.json()).toEqual({ userUuid: existing!.id, emailAddress: email });
    const me = await injectAs(t.app, await signIn(t.app, email, NEW_PASSWORD), 'GET', '/api/user');
    expect(userResponseSchema.parse(me.json()).user).toMatchObject({
      userUuid: existing!.id,
      name: 'Patricia Doe',
    });
  });
});
