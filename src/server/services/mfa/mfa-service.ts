import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  EMAIL_CODE_MINUTES,
  MFA_THROTTLE_FAILURES,
  MFA_THROTTLE_MINUTES,
  RECOVERY_CODE_COUNT,
  type AdminMfa,
  type MfaChallenge,
  type MfaFactor,
  type MfaStatus,
} from '#shared/contracts/mfa.ts';
import type { Db } from '#server/db/client.ts';
import {
  mfaEmailCodes,
  mfaFailures,
  mfaRecoveryCodes,
  sessions,
  userMfa,
  users,
} from '#server/db/schema/auth.ts';
import { AppError } from '#server/errors.ts';
import { matchTotpStep, newTotpSecret, otpauthUri } from '#server/auth/totp.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { signInCodeMail } from '#server/services/mail/templates/sign-in-code.ts';

/** What the MFA calls need: the database, the app's secret (for sealing and hashing) and the mailer. */
export type MfaContext = { db: Db; secret: string; mailer: Mailer; now?: () => number };

const ISSUER = 'Understanding';
/** A new e-mail code is not sent while one sent this recently is still unused. */
const EMAIL_RESEND_SECONDS = 30;

export const WRONG_CODE = 'That code is not right. Check it and try again.';
export const throttledMessage = (minutes: number) =>
  `Too many wrong codes. Wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, then try again.`;

type MfaFlags = {
  enableMfaOptions: boolean;
  allowAuthenticatorMfa: boolean;
  allowEmailMfa: boolean;
  allowOptOutMfa: boolean;
};

/** The factors a user may choose, in the order the setup screen offers them. */
export function allowedFactors(user: MfaFlags): MfaFactor[] {
  const factors: MfaFactor[] = [];
  if (user.allowAuthenticatorMfa) factors.push('any');
  if (user.allowEmailMfa) factors.push('email');
  if (user.allowOptOutMfa) factors.push('opt_out');
  return factors;
}

// --- Sealing the authenticator secret and hashing codes -------------------------------------------

const sealKey = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'understanding', 'mfa totp secret', 32));

/** Encrypts the authenticator secret at rest (AES-256-GCM under a key derived from the app secret). */
export function sealSecret(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function openSecret(secret: string, sealed: string): string {
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** Codes are stored as keyed hashes, per user, so a copy of the table does not reveal them. */
const codeHash = (secret: string, userId: string, code: string) =>
  createHmac('sha256', secret)
    .update(`${userId}:${code.toLowerCase().replace(/[\s-]/g, '')}`)
    .digest('hex');

// --- Status and enrolment ---------------------------------------------------------------------------

async function loadUser(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      enableMfaOptions: users.enableMfaOptions,
      allowAuthenticatorMfa: users.allowAuthenticatorMfa,
      allowEmailMfa: users.allowEmailMfa,
      allowOptOutMfa: users.allowOptOutMfa,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'No such user.');
  return user;
}

async function loadMfa(db: Db, userId: string) {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId));
  return row ?? null;
}

export async function mfaStatus(db: Db, userId: string): Promise<MfaStatus> {
  const row = await loadMfa(db, userId);
  return (row?.factor as MfaFactor | undefined) ?? 'not_enrolled';
}

/**
 * Records the user's choice (spec part 1 §4 MFA). It takes effect at the next sign-in. A user with
 * no allowed factor may only opt out (the setup screen enrols them so); otherwise the factor must be
 * one they are allowed. Choosing the authenticator again keeps an app already set up.
 */
export async function enroll(db: Db, userId: string, factor: MfaFactor): Promise<void> {
  const user = await loadUser(db, userId);
  if (!user.enableMfaOptions) {
    throw new AppError('forbidden', 'Multi-factor sign-in options are not enabled for your account.');
  }
  const allowed = allowedFactors(user);
  if (allowed.length === 0 ? factor !== 'opt_out' : !allowed.includes(factor)) {
    throw new AppError('forbidden', 'That sign-in method is not offered to your account.');
  }
  await db.transaction(async (tx) => {
    const before = await loadMfa(tx, userId);
    const keepApp = factor === 'any' && before?.factor === 'any';
    await tx
      .insert(userMfa)
      .values({ userId, factor })
      .onConflictDoUpdate({
        target: userMfa.userId,
        set: keepApp
          ? { factor, updatedAt: new Date() }
          : { factor, totpSecret: null, totpConfirmedAt: null, totpLastStep: null, updatedAt: new Date() },
      });
    if (!keepApp) await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'enroll',
      entity: 'user_mfa',
      entityId: userId,
      before: before ? { factor: before.factor } : null,
      after: { factor },
    });
  });
}

/** Whether a new session of the user owes a second factor (set on the session when it is created). */
export async function secondFactorRequired(db: Db, userId: string): Promise<boolean> {
  const status = await mfaStatus(db, userId);
  return status === 'any' || status === 'email';
}

// --- The second step at sign-in ---------------------------------------------------------------------

const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 1))}@${domain}`;
};

/** Ends the pending state of the session: the password and the second factor are both proven. */
const completeSession = (db: Db, sessionId: string) =>
  db.update(sessions).set({ mfaPending: false, updatedAt: new Date() }).where(eq(sessions.id, sessionId));

/**
 * The second step the pending session owes. The first time with an authenticator app, a secret is
 * made (stored sealed) and shown with its otpauth URI and QR code until a code confirms it. A session
 * whose user no longer needs a second factor (staff reset it) is completed.
 */
export async function challenge(ctx: MfaContext, userId: string, sessionId: string): Promise<MfaChallenge> {
  const { db, secret } = ctx;
  const row = await loadMfa(db, userId);
  if (!row || (row.factor !== 'any' && row.factor !== 'email')) {
    await completeSession(db, sessionId);
    return { step: 'none' };
  }
  if (row.factor === 'email') {
    const user = await loadUser(db, userId);
    return { step: 'email', emailHint: maskEmail(user.email) };
  }
  if (row.totpConfirmedAt) return { step: 'totp' };
  let plain: string;
  if (row.totpSecret) {
    plain = openSecret(secret, row.totpSecret);
  } else {
    plain = newTotpSecret();
    await db
      .update(userMfa)
      .set({ totpSecret: sealSecret(secret, plain), updatedAt: new Date() })
      .where(eq(userMfa.userId, userId));
  }
  const user = await loadUser(db, userId);
  const uri = otpauthUri(ISSUER, user.email, plain);
  const qrCodeSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return { step: 'totp-setup', secret: plain, otpauthUri: uri, qrCodeSvg };
}

/** Sends a new 6-digit sign-in code by e-mail, unless one went out moments ago and is still unused. */
export async function sendEmailCode(
  ctx: MfaContext,
  userId: string,
): Promise<{ sent: boolean; emailHint: string }> {
  const { db, secret, mailer } = ctx;
  const row = await loadMfa(db, userId);
  if (row?.factor !== 'email') throw new AppError('conflict', 'Your account does not use e-mail codes.');
  const user = await loadUser(db, userId);
  const emailHint = maskEmail(user.email);
  const recent = await db
    .select({ id: mfaEmailCodes.id })
    .from(mfaEmailCodes)
    .where(
      and(
        eq(mfaEmailCodes.userId, userId),
        isNull(mfaEmailCodes.usedAt),
        gt(mfaEmailCodes.createdAt, sql`now() - make_interval(secs => ${EMAIL_RESEND_SECONDS})`),
      ),
    );
  if (recent.length > 0) return { sent: false, emailHint };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    // A new code replaces the ones sent before.
    await tx
      .update(mfaEmailCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(mfaEmailCodes.userId, userId), isNull(mfaEmailCodes.usedAt)));
    await tx.insert(mfaEmailCodes).values({
      userId,
      codeHash: codeHash(secret, userId, code),
      expiresAt: sql`now() + make_interval(mins => ${EMAIL_CODE_MINUTES})`,
    });
  });
  await mailer.send(signInCodeMail({ to: user.email, code, minutes: EMAIL_CODE_MINUTES }));
  return { sent: true, emailHint };
}

/** Whole minutes until the user may try a code again, or null when not throttled. */
async function throttledMinutes(db: Db, userId: string): Promise<number | null> {
  const result = await db.execute<{ failures: number; seconds: number | null }>(sql`
    select count(*)::int as failures,
      extract(epoch from min(failed_at) + make_interval(mins => ${MFA_THROTTLE_MINUTES}) - now())::float8 as seconds
    from (select failed_at from mfa_failures
          where user_id = ${userId} and failed_at > now() - make_interval(mins => ${MFA_THROTTLE_MINUTES})
          order by failed_at desc limit ${MFA_THROTTLE_FAILURES}) recent`);
  const { failures, seconds } = result.rows[0] ?? { failures: 0, seconds: null };
  if (failures < MFA_THROTTLE_FAILURES || seconds === null || seconds <= 0) return null;
  return Math.max(1, Math.ceil(seconds / 60));
}

/** Ten recovery codes like "k7m2q-x9p4t", stored hashed; each works once. */
async function issueRecoveryCodes(db: Db, secret: string, userId: string): Promise<string[]> {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const part = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db
    .insert(mfaRecoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: codeHash(secret, userId, c) })));
  return codes;
}

/**
 * Checks the second factor of a pending session: a code from the authenticator app or the e-mail,
 * or a recovery code. A code works once. Wrong codes are counted in the database; after five in five
 * minutes every attempt waits, right or wrong. The first code from a new authenticator app confirms it
 * and answers the recovery codes, shown once.
 */
export async function verify(
  ctx: MfaContext,
  userId: string,
  sessionId: string,
  input: { code: string } | { recoveryCode: string },
): Promise<{ recoveryCodes: string[] | null }> {
  const { db, secret } = ctx;
  const wait = await throttledMinutes(db, userId);
  if (wait !== null) throw new AppError('too_many_requests', throttledMessage(wait));
  const row = await loadMfa(db, userId);
  if (!row || (row.factor !== 'any' && row.factor !== 'email')) {
    await completeSession(db, sessionId);
    return { recoveryCodes: null };
  }

  const accepted = await db.transaction(async (tx) => {
    if ('recoveryCode' in input) {
      if (row.factor !== 'any' || !row.totpConfirmedAt) return null;
      const used = await tx
        .update(mfaRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(mfaRecoveryCodes.userId, userId),
            eq(mfaRecoveryCodes.codeHash, codeHash(secret, userId, input.recoveryCode)),
            isNull(mfaRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: mfaRecoveryCodes.id });
      return used.length > 0 ? { recoveryCodes: null } : null;
    }
    const code = input.code.replace(/\s/g, '');
    if (row.factor === 'email') {
      const used = await tx
        .update(mfaEmailCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(mfaEmailCodes.userId, userId),
            eq(mfaEmailCodes.codeHash, codeHash(secret, userId, code)),
            isNull(mfaEmailCodes.usedAt),
            gt(mfaEmailCodes.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: mfaEmailCodes.id });
      return used.length > 0 ? { recoveryCodes: null } : null;
    }
    if (!row.totpSecret) return null;
    const step = matchTotpStep(openSecret(secret, row.totpSecret), code, (ctx.now ?? Date.now)());
    if (step === null) return null;
    // Conditional on the last step, so the same code cannot pass twice, even from two servers at once.
    const updated = await tx
      .update(userMfa)
      .set({ totpLastStep: step, totpConfirmedAt: row.totpConfirmedAt ?? new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(userMfa.userId, userId),
          sql`(${userMfa.totpLastStep} is null or ${userMfa.totpLastStep} < ${step})`,
        ),
      )
      .returning({ userId: userMfa.userId });
    if (updated.length === 0) return null;
    return { recoveryCodes: row.totpConfirmedAt ? null : await issueRecoveryCodes(tx, secret, userId) };
  });

  if (!accepted) {
    await db.insert(mfaFailures).values({ userId });
    const after = await throttledMinutes(db, userId);
    throw after === null
      ? new AppError('bad_request', WRONG_CODE, { code: WRONG_CODE })
      : new AppError('too_many_requests', throttledMessage(after));
  }
  await db.delete(mfaFailures).where(eq(mfaFailures.userId, userId));
  await completeSession(db, sessionId);
  return accepted;
}

// --- Staff ------------------------------------------------------------------------------------------

/** The staff view of a user's multi-factor sign-in. */
export async function adminMfa(db: Db, userId: string): Promise<AdminMfa> {
  const user = await loadUser(db, userId);
  const row = await loadMfa(db, userId);
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return {
    enableMfaOptions: user.enableMfaOptions,
    allowAuthenticatorMFA: user.allowAuthenticatorMfa,
    allowEmailMFA: user.allowEmailMfa,
    allowOptOutMFA: user.allowOptOutMfa,
    status: (row?.factor as MfaFactor | undefined) ?? 'not_enrolled',
    authenticatorConfirmed: Boolean(row?.totpConfirmedAt),
    recoveryCodesLeft: left?.n ?? 0,
  };
}

/** Staff set which factors a user may choose; the user's current choice stays until reset. */
export async function setMfaOptions(
  db: Db,
  actorUserId: string,
  userId: string,
  options: {
    enableMfaOptions: boolean;
    allowAuthenticatorMFA: boolean;
    allowEmailMFA: boolean;
    allowOptOutMFA: boolean;
  },
): Promise<AdminMfa> {
  const before = await adminMfa(db, userId);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        enableMfaOptions: options.enableMfaOptions,
        allowAuthenticatorMfa: options.allowAuthenticatorMFA,
        allowEmailMfa: options.allowEmailMFA,
        allowOptOutMfa: options.allowOptOutMFA,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      actorUserId,
      action: 'update',
      entity: 'user_mfa_options',
      entityId: userId,
      before,
      after: options,
    });
  });
  return adminMfa(db, userId);
}

/**
 * Staff reset a user's multi-factor sign-in: the choice, the authenticator app, recovery codes,
 * pending e-mail codes and wrong-code counts go. The user chooses again (with MFA options enabled,
 * the shell sends them to /mfa/setup) and sets up an authenticator app afresh.
 */
export async function resetMfa(db: Db, actorUserId: string, userId: string): Promise<AdminMfa> {
  const before = await adminMfa(db, userId);
  await db.transaction(async (tx) => {
    await tx.delete(userMfa).where(eq(userMfa.userId, userId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx.delete(mfaEmailCodes).where(eq(mfaEmailCodes.userId, userId));
    await tx.delete(mfaFailures).where(eq(mfaFailures.userId, userId));
    await recordAudit(tx, {
      actorUserId,
      action: 'reset',
      entity: 'user_mfa',
      entityId: userId,
      before: { status: before.status, authenticatorConfirmed: before.authenticatorConfirmed },
      after: null,
    });
  });
  return adminMfa(db, userId);
}
