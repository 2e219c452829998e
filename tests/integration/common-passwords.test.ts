import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_TOO_COMMON,
  commonPasswordForms,
  passwordSchema,
} from '#shared/contracts/account-fields.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { registrationMetadataSchema, type InvitationRequest } from '#shared/contracts/registration.ts';
import { commonPasswords, isTooCommon } from '#server/auth/common-passwords.ts';
import { users } from '#server/db/schema/auth.ts';
import { mailOutbox } from '#server/db/schema/manual-entries.ts';
import { PASSWORD_RESET_SUBJECT } from '#server/services/mail/templates/password-reset.ts';
import { TEST_PASSWORD, buildAgency, buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ORIGIN = { origin: 'http://localhost:3000' };
/** Pass every character rule, yet are a common password with capitals, digits or symbols added. */
const DECORATED = [
  'Password1!',
  'Qwerty123!',
  'Welcome1!',
  'Sunshine.2025',
  'Baseball-19',
  'P.a.s.s.w.o.r.d-1',
];
const FINE = ['Correct-horse-9', 'Welcome-aboard-7', 'Understanding-demo-1', 'Blue-Elephant-42'];

const fieldsOf = (body: unknown) => errorResponseSchema.parse(body).error.fields;

describe('the common-password list', () => {
  it('is the shipped top 10,000, read from the repository', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(9_800);
    for (const common of ['123456', 'password', 'qwerty', 'letmein', 'sunshine'])
      expect(list.has(common)).toBe(true);
  });

  it('refuses common passwords decorated to pass the character rules, and nothing else', () => {
    for (const password of DECORATED) {
      expect(passwordSchema.safeParse(password).success, password).toBe(true);
      expect(isTooCommon(password), password).toBe(true);
    }
    for (const password of FINE) expect(isTooCommon(password), password).toBe(false);
    expect(commonPasswordForms('Sunshine.2025')).toEqual(['sunshine2025', 'sunshine']);
    // A base too short to be a word on its own does not count.
    expect(commonPasswordForms('Abc-12345')).toEqual(['abc12345']);
  });
});

describe('registration', () => {
  it('answers a common password with the field message, and creates no account', async () => {
    const home = await buildAgency(t.database.db);
    const owner = await buildUser(t.database.db, {
      agencyUuid: home.uuid,
      networkUuid: home.networkUuid,
      isOwner: true,
    });
    const invitation: InvitationRequest = {
      emailAddress: `common-${Date.now()}@example.test`,
      firstName: 'Rosa',
      lastName: 'Diaz',
      agencyUuid: home.uuid,
      willInviteeBePrimaryUser: false,
    };
    const cookie = await signIn(t.app, owner.email);
    expect((await injectAs(t.app, cookie, 'POST', '/api/invitations', invitation)).statusCode).toBe(201);
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, invitation.emailAddress));
    const token = /\/register\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const meta = registrationMetadataSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/register/meta-data?token=${token}` })).json(),
    );
    const body = (password: string) => ({
      agencyId: meta.subscriberUuid,
      firstName: 'Rosa',
      lastName: 'Diaz',
      emailAddress: meta.emailAddress,
      password,
      token: meta.accessToken,
    });
    const register = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register/createUser',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body(password)),
      });

    const refused = await register('Password1!');
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused.json())).toEqual({ password: PASSWORD_TOO_COMMON });
    expect(errorResponseSchema.parse(refused.json()).error.message).toBe(PASSWORD_TOO_COMMON);
    const none = await t.database.db.select().from(users).where(eq(users.email, invitation.emailAddress));
    expect(none).toEqual([]);

    // The invitation is still usable with a better password.
    expect((await register('Welcome-aboard-7')).statusCode).toBe(201);
  });
});

describe('password reset and change', () => {
  it('a reset link refuses a common password on the newPassword field, and works afterwards', async () => {
    const person = await buildUser(t.database.db);
    const cookie = await signIn(t.app, person.email);
    expect((await injectAs(t.app, cookie, 'POST', '/api/profile/reset-password')).statusCode).toBe(200);
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, person.email), eq(mailOutbox.subject, PASSWORD_RESET_SUBJECT)))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const reset = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: ORIGIN,
        payload: { token, newPassword },
      });

    const refused = await reset('Qwerty123!');
    expect(refused.statusCode).toBe(400);
    // The library's own { code, message } and the app's error shape with the field.
    expect(refused.json()).toMatchObject({ code: 'PASSWORD_RULES', message: PASSWORD_TOO_COMMON });
    expect(fieldsOf(refused.json())).toEqual({ newPassword: PASSWORD_TOO_COMMON });
    expect(errorResponseSchema.parse(refused.json()).referenceId).toBe(refused.headers['x-request-id']);

    expect((await reset('Fresh-start-42')).statusCode).toBe(200);
  });

  it('My profile password change refuses a common password with the same message', async () => {
    const person = await buildUser(t.database.db);
    const cookie = await signIn(t.app, person.email);
    const change = (newPassword: string) =>
      injectAs(t.app, cookie, 'POST', '/api/auth/change-password', {
        currentPassword: TEST_PASSWORD,
        newPassword,
      });
    const refused = await change('Sunshine.2025');
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused.json())).toEqual({ newPassword: PASSWORD_TOO_COMMON });
    expect((await change('Blue-Elephant-42')).statusCode).toBe(200);
  });
});

describe('POST /api/password/common (the live checklist)', () => {
  it('tells a form, without a sign-in, whether a password is a common one', async () => {
    for (const [password, common] of [
      ...DECORATED.map((p) => [p, true] as const),
      ...FINE.map((p) => [p, false] as const),
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/password/common',
        headers: ORIGIN,
        payload: { password },
      });
      expect([password, response.statusCode, response.json()]).toEqual([password, 200, { common }]);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
