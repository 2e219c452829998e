import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_MOBILE,
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_WEAK,
  REQUIRED,
} from '#shared/contracts/account-fields.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  EMAIL_READ_ONLY,
  NOT_YOUR_PROFILE,
  profileResponseSchema,
  resetPasswordResponseSchema,
  type ProfileUpdate,
} from '#shared/contracts/profile.ts';
import { userResponseSchema } from '#shared/contracts/user.ts';
import { LOCKOUT_FAILURES } from '#server/auth/lockout.ts';
import {
  PROFILE_RESETS_PER_MINUTE,
  RESET_MAIL_FAILED,
  RESET_TOO_OFTEN,
} from '#server/auth/password-reset.ts';
import { auditLog, users, verifications } from '#server/db/schema/auth.ts';
import { mailOutbox } from '#server/db/schema/manual-entries.ts';
import { PASSWORD_RESET_SUBJECT } from '#server/services/mail/templates/password-reset.ts';
import { buildAgency, buildUser, TEST_PASSWORD } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

const NEW_PASSWORD = 'Fresh-start-42';
const ORIGIN = { origin: 'http://localhost:3000', 'content-type': 'application/json' };

let t: TestApp;
let agency: Awaited<ReturnType<typeof buildAgency>>;
type Person = Awaited<ReturnType<typeof buildUser>>;
let member: Person;
let colleague: Person;
let stranger: Person;
let staff: Person;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: '' });
  const db = t.database.db;
  agency = await buildAgency(db);
  const at = { agencyUuid: agency.uuid, networkUuid: agency.networkUuid };
  member = await buildUser(db, at);
  colleague = await buildUser(db, { ...at, isOwner: true });
  stranger = await buildUser(db);
  staff = await buildUser(db, { userType: 'internal' });
  cookies.member = await signIn(t.app, member.email);
  cookies.colleague = await signIn(t.app, colleague.email);
  cookies.staff = await signIn(t.app, staff.email);
});
afterAll(async () => {
  await t?.close();
});

const getProfile = (cookie: string, userUuid: string) =>
  injectAs(t.app, cookie, 'GET', `/api/profile/users?userUuid=${userUuid}`);
const putProfile = (cookie: string, body: Partial<ProfileUpdate>) =>
  injectAs(t.app, cookie, 'PUT', '/api/profile/users', body);
const requestReset = (cookie: string) => injectAs(t.app, cookie, 'POST', '/api/profile/reset-password');
const resetPassword = (token: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: ORIGIN,
    payload: { token, newPassword },
  });
const signInWith = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: ORIGIN,
    payload: { email, password },
  });
const whoAmI = (cookie: string) => injectAs(t.app, cookie, 'GET', '/api/user');

const fieldsOf = (body: unknown) => errorResponseSchema.parse(body).error.fields;

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** The newest password-reset e-mail to `email` and the token of its link. */
async function resetMailTo(email: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.subject, PASSWORD_RESET_SUBJECT)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) return null;
  const link = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  return { mail, token: link?.[1] ?? null };
}

async function resetMailCount(email: string) {
  const rows = await t.database.db
    .select({ uuid: mailOutbox.uuid })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.subject, PASSWORD_RESET_SUBJECT)));
  return rows.length;
}

const fullProfile = (person: Person): ProfileUpdate => ({
  userUuid: person.id,
  firstName: 'Mary Ann',
  lastName: "O'Neil-Smith",
  emailAddress: person.email,
  addressLine1: '400 Locust Street, Suite 12',
  addressLine2: 'Floor 3',
  city: 'Des Moines',
  state: 'Iowa',
  postalCode: '50309-2314',
  countryCode: '1',
  areaCode: '515',
  phoneNumber: '5550142',
  country: 'United States',
});

describe('GET and PUT /api/profile/users', () => {
  it("answers the caller's own profile", async () => {
    const response = await getProfile(cookies.member!, member.id);
    expect(response.statusCode).toBe(200);
    expect(profileResponseSchema.parse(response.json()).profile).toEqual({
      userUuid: member.id,
      firstName: 'Test',
      lastName: member.lastName,
      emailAddress: member.email,
      addressLine1: '',
      addressLine2: '',
      city: '',
      state: '',
      postalCode: '',
      countryCode: '',
      areaCode: '',
      phoneNumber: '',
      country: 'United States',
    });
  });

  it('updates names, address and phone, the name the header shows, and writes an audit row', async () => {
    const response = await putProfile(cookies.member!, fullProfile(member));
    expect(response.statusCode).toBe(200);
    const { profile } = profileResponseSchema.parse(response.json());
    expect(profile).toMatchObject({ firstName: 'Mary Ann', city: 'Des Moines', areaCode: '515' });

    const reread = profileResponseSchema.parse((await getProfile(cookies.member!, member.id)).json());
    expect(reread.profile).toEqual(profile);
    const { user } = userResponseSchema.parse((await whoAmI(cookies.member!)).json());
    expect(user.name).toBe("Mary Ann O'Neil-Smith");

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user_profile'), eq(auditLog.entityId, member.id)))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit).toMatchObject({ actorUserId: member.id, agencyUuid: agency.uuid, action: 'update' });
    expect(audit!.before).toMatchObject({ firstName: 'Test', city: '' });
    expect(audit!.after).toMatchObject({
      firstName: 'Mary Ann',
      city: 'Des Moines',
      postalCode: '50309-2314',
    });
  });

  it('refuses invalid fields with the shared messages and changes nothing', async () => {
    const before = await userRow(member.id);
    const response = await putProfile(cookies.member!, {
      ...fullProfile(member),
      firstName: '  ',
      lastName: '',
      city: 'Des Moines 2',
      postalCode: '50309#',
      areaCode: '515',
      phoneNumber: '55',
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual({
      firstName: REQUIRED,
      lastName: REQUIRED,
      city: 'Letters only',
      postalCode: 'Digits, spaces and hyphens only',
      phoneNumber: INVALID_MOBILE,
    });
    expect(await userRow(member.id)).toEqual(before);
  });

  it('refuses a changed e-mail address: it is read-only', async () => {
    const response = await putProfile(cookies.member!, {
      ...fullProfile(member),
      emailAddress: 'someone-else@example.test',
    });
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).error).toMatchObject({
      message: EMAIL_READ_ONLY,
      fields: { emailAddress: EMAIL_READ_ONLY },
    });
    expect((await userRow(member.id)).email).toBe(member.email);
    // An invalid address is refused with the registration message before anything else.
    const invalid = await putProfile(cookies.member!, {
      ...fullProfile(member),
      emailAddress: 'not-an-email',
    });
    expect(fieldsOf(invalid.json())).toEqual({ emailAddress: 'Invalid Email' });
  });

  it("never reads or changes another user's profile: not a colleague's, not as staff", async () => {
    const cases = [
      { who: 'member', target: colleague },
      { who: 'colleague', target: member },
      { who: 'member', target: stranger },
      { who: 'staff', target: member },
    ];
    for (const { who, target } of cases) {
      const before = await userRow(target.id);
      const read = await getProfile(cookies[who]!, target.id);
      expect(read.statusCode, `${who} reads ${target.email}`).toBe(403);
      expect(errorResponseSchema.parse(read.json()).error.message).toBe(NOT_YOUR_PROFILE);
      expect(read.body).not.toContain(target.email);

      const write = await putProfile(cookies[who]!, { ...fullProfile(target), firstName: 'Intruder' });
      expect(write.statusCode, `${who} changes ${target.email}`).toBe(403);
      expect(await userRow(target.id)).toEqual(before);
    }
    // An id that belongs to nobody is refused the same way, so it tells nothing.
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await getProfile(cookies.member!, nobody)).statusCode).toBe(403);
    // The body cannot name someone else while the caller's own id is asked for.
    const forged = await putProfile(cookies.member!, { ...fullProfile(colleague), userUuid: member.id });
    expect(forged.statusCode).toBe(400);
    expect((await userRow(colleague.id)).firstName).toBe('Test');
  });

  it('needs a session', async () => {
    const read = await t.app.inject({ method: 'GET', url: `/api/profile/users?userUuid=${member.id}` });
    expect(read.statusCode).toBe(401);
    const reset = await t.app.inject({ method: 'POST', url: '/api/profile/reset-password' });
    expect(reset.statusCode).toBe(401);
  });
});

describe('POST /api/profile/reset-password and the reset link', () => {
  it('e-mails a link that works once, ends every session and lets the new password in', async () => {
    const person = await buildUser(t.database.db);
    const first = await signIn(t.app, person.email);
    const second = await signIn(t.app, person.email);

    const response = await requestReset(first);
    expect(response.statusCode).toBe(200);
    expect(resetPasswordResponseSchema.parse(response.json())).toEqual({ emailAddress: person.email });
    const sent = await resetMailTo(person.email);
    expect(sent?.mail.text).toContain(`Hello ${person.name},`);
    expect(sent?.mail.text).toContain('The link works for 1 hour and only once.');
    expect(sent?.mail.text).toContain('If you did not ask to reset your password');
    expect(sent?.token).toBeTruthy();
    // The token is stored hashed: the database alone gives no working link.
    const stored = await t.database.db.select().from(verifications).where(eq(verifications.value, person.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.identifier).not.toContain(sent!.token!);

    // Both sessions work until the reset.
    expect((await whoAmI(first)).statusCode).toBe(200);
    expect((await whoAmI(second)).statusCode).toBe(200);

    const reset = await resetPassword(sent!.token!, NEW_PASSWORD);
    expect(reset.statusCode).toBe(200);
    expect((await whoAmI(first)).statusCode).toBe(401);
    expect((await whoAmI(second)).statusCode).toBe(401);
    expect((await signInWith(person.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInWith(person.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await resetPassword(sent!.token!, 'Another-one-7');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signInWith(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a new password that breaks the rules, and the link still works afterwards', async () => {
    const person = await buildUser(t.database.db);
    expect((await requestReset(await signIn(t.app, person.email))).statusCode).toBe(200);
    const { token } = (await resetMailTo(person.email))!;

    const short = await resetPassword(token!, 'Ab1.');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: PASSWORD_TOO_SHORT });
    const weak = await resetPassword(token!, 'alllowercase1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: PASSWORD_TOO_WEAK });
    expect((await signInWith(person.email, TEST_PASSWORD)).statusCode).toBe(200);

    expect((await resetPassword(token!, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const person = await buildUser(t.database.db);
    expect((await requestReset(await signIn(t.app, person.email))).statusCode).toBe(200);
    const { token } = (await resetMailTo(person.email))!;
    const [row] = await t.database.db.select().from(verifications).where(eq(verifications.value, person.id));
    // Issued for one hour.
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 60 * 60 * 1000)).toBeLessThan(5000);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.value, person.id));

    const response = await resetPassword(token!, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signInWith(person.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('ends the sign-in lockout once the password is reset', async () => {
    const person = await buildUser(t.database.db);
    const cookie = await signIn(t.app, person.email);
    for (let i = 0; i < LOCKOUT_FAILURES; i++) await signInWith(person.email, 'Wrong-password-1');
    expect((await signInWith(person.email, TEST_PASSWORD)).statusCode).toBe(423);

    expect((await requestReset(cookie)).statusCode).toBe(200);
    const { token } = (await resetMailTo(person.email))!;
    expect((await resetPassword(token!, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signInWith(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it(`sends at most ${PROFILE_RESETS_PER_MINUTE} links a minute to one user`, async () => {
    const person = await buildUser(t.database.db);
    const cookie = await signIn(t.app, person.email);
    for (let i = 0; i < PROFILE_RESETS_PER_MINUTE; i++)
      expect((await requestReset(cookie)).statusCode).toBe(200);
    const refused = await requestReset(cookie);
    expect(refused.statusCode).toBe(429);
    expect(errorResponseSchema.parse(refused.json()).error.message).toBe(RESET_TOO_OFTEN);
    expect(await resetMailCount(person.email)).toBe(PROFILE_RESETS_PER_MINUTE);
    // Someone else is not affected.
    const other = await buildUser(t.database.db);
    expect((await requestReset(await signIn(t.app, other.email))).statusCode).toBe(200);
  });

  it('says so when the e-mail cannot be sent, instead of claiming it was', async () => {
    const unreachable = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const person = await buildUser(unreachable.database.db);
      const cookie = await signIn(unreachable.app, person.email);
      const response = await injectAs(unreachable.app, cookie, 'POST', '/api/profile/reset-password');
      expect(response.statusCode).toBe(503);
      expect(errorResponseSchema.parse(response.json()).error.message).toBe(RESET_MAIL_FAILED);
    } finally {
      await unreachable.close();
    }
  });
});

describe('changing the password with the current one', () => {
  it("applies the product's rules and ends the user's other sessions, even when asked not to", async () => {
    const person = await buildUser(t.database.db);
    const here = await signIn(t.app, person.email);
    const elsewhere = await signIn(t.app, person.email);
    const change = (newPassword: string) =>
      injectAs(t.app, here, 'POST', '/api/auth/change-password', {
        currentPassword: TEST_PASSWORD,
        newPassword,
        revokeOtherSessions: false,
      });
    const weak = await change('alllowercase1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: PASSWORD_TOO_WEAK });
    expect((await whoAmI(elsewhere)).statusCode).toBe(200);

    const changed = await change(NEW_PASSWORD);
    expect(changed.statusCode).toBe(200);
    expect((await whoAmI(elsewhere)).statusCode).toBe(401);
    expect((await signInWith(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('forgot password (signed out)', () => {
  const forgot = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      payload: { email },
    });

  it('answers the same whether or not the account exists, and e-mails only a real account', async () => {
    const person = await buildUser(t.database.db);
    const known = await forgot(person.email);
    const unknown = await forgot(`nobody-${person.id}@example.test`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await resetMailCount(person.email)).toBe(1);
    expect(await resetMailCount(`nobody-${person.id}@example.test`)).toBe(0);

    const { token } = (await resetMailTo(person.email))!;
    expect((await resetPassword(token!, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signInWith(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
