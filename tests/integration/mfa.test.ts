import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  MFA_THROTTLE_FAILURES,
  RECOVERY_CODE_COUNT,
  adminMfaSchema,
  mfaChallengeSchema,
  mfaStatusSchema,
  mfaVerifyResponseSchema,
} from '#shared/contracts/mfa.ts';
import { base32Decode, totp } from '#server/auth/totp.ts';
import { mfaEmailCodes, users } from '#server/db/schema/auth.ts';
import { mailOutbox } from '#server/db/schema/manual-entries.ts';
import { WRONG_CODE, throttledMessage } from '#server/services/mfa/mfa-service.ts';
import { buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Flags = Partial<
  Record<'enableMfaOptions' | 'allowAuthenticatorMfa' | 'allowEmailMfa' | 'allowOptOutMfa', boolean>
>;

async function userWith(flags: Flags) {
  const user = await buildUser(t.database.db);
  await t.database.db.update(users).set(flags).where(eq(users.id, user.id));
  return user;
}

const message = (response: { json: () => unknown }) =>
  errorResponseSchema.parse(response.json()).error.message;

async function enrolled(flags: Flags, factor: 'any' | 'email' | 'opt_out') {
  const user = await userWith({ enableMfaOptions: true, ...flags });
  const cookie = await signIn(t.app, user.email);
  const response = await injectAs(t.app, cookie, 'POST', '/api/mfa/enroll', { factor });
  expect(response.statusCode, response.body).toBe(200);
  return user;
}

const challengeOf = async (cookie: string) => {
  const response = await injectAs(t.app, cookie, 'GET', '/api/mfa/challenge');
  expect(response.statusCode, response.body).toBe(200);
  return mfaChallengeSchema.parse(response.json());
};

const codeAt = (secret: string, ms = Date.now()) => totp(base32Decode(secret), ms);

describe('choosing a method', () => {
  it('answers the status, and enrols only with a method the user is allowed', async () => {
    const user = await userWith({ enableMfaOptions: true, allowEmailMfa: true, allowOptOutMfa: true });
    const cookie = await signIn(t.app, user.email);
    const status = await injectAs(t.app, cookie, 'GET', '/api/mfa/status');
    expect(mfaStatusSchema.parse(status.json())).toEqual({ status: 'not_enrolled' });

    const refused = await injectAs(t.app, cookie, 'POST', '/api/mfa/enroll', { factor: 'any' });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe('That sign-in method is not offered to your account.');
    const ok = await injectAs(t.app, cookie, 'POST', '/api/mfa/enroll', { factor: 'email' });
    expect(ok.json()).toEqual({ status: 'email' });
    expect((await injectAs(t.app, cookie, 'GET', '/api/mfa/status')).json()).toEqual({ status: 'email' });
  });

  it('enrols a user with no allowed method as opted out, and nothing else', async () => {
    const user = await userWith({ enableMfaOptions: true });
    const cookie = await signIn(t.app, user.email);
    expect((await injectAs(t.app, cookie, 'POST', '/api/mfa/enroll', { factor: 'email' })).statusCode).toBe(
      403,
    );
    expect((await injectAs(t.app, cookie, 'POST', '/api/mfa/enroll', { factor: 'opt_out' })).json()).toEqual({
      status: 'opt_out',
    });
  });

  it('refuses to enrol a user whose MFA options are not enabled', async () => {
    const user = await userWith({ allowOptOutMfa: true });
    const cookie = await signIn(t.app, user.email);
    const refused = await injectAs(t.app, cookie, 'POST', '/api/mfa/enroll', { factor: 'opt_out' });
    expect(refused.statusCode).toBe(403);
  });

  it('asks nothing more at sign-in of an opted-out user', async () => {
    const user = await enrolled({ allowOptOutMfa: true }, 'opt_out');
    const cookie = await signIn(t.app, user.email);
    expect((await injectAs(t.app, cookie, 'GET', '/api/user')).statusCode).toBe(200);
    expect((await injectAs(t.app, cookie, 'GET', '/api/mfa/challenge')).json()).toEqual({ step: 'none' });
  });
});

describe('an authenticator app', () => {
  it('is set up at the first sign-in, confirmed by a code, and gives recovery codes that work once', async () => {
    const user = await enrolled({ allowAuthenticatorMfa: true }, 'any');
    const cookie = await signIn(t.app, user.email);
    // The password alone opens nothing but the second step.
    expect((await injectAs(t.app, cookie, 'GET', '/api/user')).statusCode).toBe(401);

    const setup = await challengeOf(cookie);
    if (setup.step !== 'totp-setup') throw new Error(`expected the set-up step, got ${setup.step}`);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toBe(
      `otpauth://totp/Understanding:${encodeURIComponent(user.email)}?secret=${setup.secret}&issuer=Understanding&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.qrCodeSvg).toContain('<svg');
    // Asking again shows the same secret until it is confirmed.
    expect(await challengeOf(cookie)).toEqual(setup);

    const wrong = await injectAs(t.app, cookie, 'POST', '/api/mfa/verify', {
      code: codeAt(setup.secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(message(wrong)).toBe(WRONG_CODE);

    const code = codeAt(setup.secret);
    const right = await injectAs(t.app, cookie, 'POST', '/api/mfa/verify', { code });
    expect(right.statusCode, right.body).toBe(200);
    const { recoveryCodes } = mfaVerifyResponseSchema.parse(right.json());
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await injectAs(t.app, cookie, 'GET', '/api/user')).statusCode).toBe(200);

    // Later sign-ins ask for a code; the code just used does not work again.
    const second = await signIn(t.app, user.email);
    expect(await challengeOf(second)).toEqual({ step: 'totp' });
    const reused = await injectAs(t.app, second, 'POST', '/api/mfa/verify', { code });
    expect(message(reused)).toBe(WRONG_CODE);
    const next = codeAt(setup.secret, Date.now() + 30_000);
    expect((await injectAs(t.app, second, 'POST', '/api/mfa/verify', { code: next })).statusCode).toBe(200);

    // A recovery code works once, whatever its case and dash.
    const third = await signIn(t.app, user.email);
    const recovery = recoveryCodes![0]!;
    const used = await injectAs(t.app, third, 'POST', '/api/mfa/verify', {
      recoveryCode: recovery.toUpperCase().replace('-', ''),
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(mfaVerifyResponseSchema.parse(used.json()).recoveryCodes).toBeNull();
    const fourth = await signIn(t.app, user.email);
    const again = await injectAs(t.app, fourth, 'POST', '/api/mfa/verify', { recoveryCode: recovery });
    expect(message(again)).toBe(WRONG_CODE);
    expect((await injectAs(t.app, fourth, 'GET', '/api/user')).statusCode).toBe(401);
  });
});

/** The code of the latest sign-in e-mail to `email` (without SMTP, the outbox keeps each message). */
async function latestCode(email: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return /code for Understanding is: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
}

describe('e-mail codes', () => {
  it('sends a 6-digit code that works once', async () => {
    const user = await enrolled({ allowEmailMfa: true }, 'email');
    const cookie = await signIn(t.app, user.email);
    const step = await challengeOf(cookie);
    if (step.step !== 'email') throw new Error(`expected the e-mail step, got ${step.step}`);
    expect(step.emailHint).toMatch(/^u\*+@example\.test$/);
    const sent = await injectAs(t.app, cookie, 'POST', '/api/mfa/email-code');
    expect(sent.json()).toMatchObject({ sent: true });
    // Asking again at once does not send a second code.
    expect((await injectAs(t.app, cookie, 'POST', '/api/mfa/email-code')).json()).toMatchObject({
      sent: false,
    });
    const code = await latestCode(user.email);
    expect(code).toMatch(/^\d{6}$/);

    expect((await injectAs(t.app, cookie, 'POST', '/api/mfa/verify', { code })).statusCode).toBe(200);
    expect((await injectAs(t.app, cookie, 'GET', '/api/user')).statusCode).toBe(200);

    const second = await signIn(t.app, user.email);
    const reused = await injectAs(t.app, second, 'POST', '/api/mfa/verify', { code });
    expect(reused.statusCode).toBe(400);
    expect(message(reused)).toBe(WRONG_CODE);
  });

  it('refuses a code after its ten minutes', async () => {
    const user = await enrolled({ allowEmailMfa: true }, 'email');
    const cookie = await signIn(t.app, user.email);
    await injectAs(t.app, cookie, 'POST', '/api/mfa/email-code');
    const code = await latestCode(user.email);
    await t.database.db
      .update(mfaEmailCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(mfaEmailCodes.userId, user.id));
    const late = await injectAs(t.app, cookie, 'POST', '/api/mfa/verify', { code });
    expect(message(late)).toBe(WRONG_CODE);
    expect((await injectAs(t.app, cookie, 'GET', '/api/user')).statusCode).toBe(401);
  });
});

describe('wrong codes', () => {
  it('wait after five in five minutes, even for the right code, and say how long', async () => {
    const user = await enrolled({ allowEmailMfa: true }, 'email');
    const cookie = await signIn(t.app, user.email);
    await injectAs(t.app, cookie, 'POST', '/api/mfa/email-code');
    const code = await latestCode(user.email);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 1; i < MFA_THROTTLE_FAILURES; i++) {
      expect((await injectAs(t.app, cookie, 'POST', '/api/mfa/verify', { code: wrong })).statusCode).toBe(
        400,
      );
    }
    const fifth = await injectAs(t.app, cookie, 'POST', '/api/mfa/verify', { code: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(message(fifth)).toBe(throttledMessage(5));
    const right = await injectAs(t.app, cookie, 'POST', '/api/mfa/verify', { code });
    expect(right.statusCode).toBe(429);

    // Once the failures are older than five minutes, the right code passes.
    await t.database.db.execute(
      sql`update mfa_failures set failed_at = failed_at - interval '5 minutes' where user_id = ${user.id}`,
    );
    expect((await injectAs(t.app, cookie, 'POST', '/api/mfa/verify', { code })).statusCode).toBe(200);
  });
});

describe('staff', () => {
  it('set the methods a user may choose and reset their MFA; nobody else can', async () => {
    const staff = await buildUser(t.database.db, { userType: 'internal' });
    const staffCookie = await signIn(t.app, staff.email);
    const user = await enrolled({ allowAuthenticatorMfa: true }, 'any');
    const path = `/api/admin/users/${user.id}/mfa`;

    const owner = await buildUser(t.database.db, { isOwner: true });
    const ownerCookie = await signIn(t.app, owner.email);
    expect((await injectAs(t.app, ownerCookie, 'GET', path)).statusCode).toBe(403);
    expect((await injectAs(t.app, ownerCookie, 'POST', `${path}/reset`)).statusCode).toBe(403);

    expect(adminMfaSchema.parse((await injectAs(t.app, staffCookie, 'GET', path)).json())).toMatchObject({
      status: 'any',
      allowAuthenticatorMFA: true,
    });
    const options = {
      enableMfaOptions: true,
      allowAuthenticatorMFA: true,
      allowEmailMFA: true,
      allowOptOutMFA: false,
    };
    expect((await injectAs(t.app, staffCookie, 'PUT', path, options)).json()).toMatchObject(options);

    const reset = await injectAs(t.app, staffCookie, 'POST', `${path}/reset`);
    expect(reset.json()).toMatchObject({
      status: 'not_enrolled',
      authenticatorConfirmed: false,
      recoveryCodesLeft: 0,
    });
    // The next sign-in owes no second step until the user chooses again.
    const cookie = await signIn(t.app, user.email);
    expect((await injectAs(t.app, cookie, 'GET', '/api/user')).statusCode).toBe(200);
    expect(
      (await injectAs(t.app, staffCookie, 'GET', `/api/admin/users/${crypto.randomUUID()}/mfa`)).statusCode,
    ).toBe(404);
  });
});
