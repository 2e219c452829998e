import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { PASSWORD_TOO_COMMON, passwordSchema } from '#shared/contracts/account-fields.ts';
import { RESET_LINK_MINUTES } from '#shared/contracts/profile.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { passwordResetMail } from '#server/services/mail/templates/password-reset.ts';
import type { Auth } from './auth.ts';
import { isTooCommon } from './common-passwords.ts';
import { clearFailedSignIns } from './lockout.ts';

/** Reset links sent from My profile per user and minute (the library allows 3 a minute per address). */
export const PROFILE_RESETS_PER_MINUTE = 3;

export const RESET_MAIL_FAILED =
  'We could not send the email to reset your password. Please try again in a few minutes.';
export const RESET_TOO_OFTEN =
  'You have asked for several password reset emails in the last minute. Please wait a minute and try again.';

/** The app's reset page for a token: the e-mail links there, not to the API. */
export const passwordResetLink = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

/** Whether the reset e-mail of the current request went out (the library only logs a failure). */
const outcome = new AsyncLocalStorage<{ sent: boolean }>();

/**
 * The library's `emailAndPassword` options for password reset: the e-mail (through the app's mailer,
 * linking to /reset-password?token=), a one-hour single-use token stored hashed, every session of the
 * user ended by a reset, and the sign-in lockout cleared once the password is new.
 */
export function passwordResetOptions({
  db,
  mailer,
  publicUrl,
  log,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  return {
    resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
    revokeSessionsOnPasswordReset: true,
    async sendResetPassword({ user, token }: { user: { email: string; name: string }; token: string }) {
      const message = passwordResetMail({
        to: user.email,
        name: user.name,
        link: passwordResetLink(publicUrl, token),
        minutes: RESET_LINK_MINUTES,
      });
      try {
        await mailer.send(message);
      } catch (err) {
        log.error({ err, to: user.email }, 'the password reset e-mail could not be sent');
        return;
      }
      const state = outcome.getStore();
      if (state) state.sent = true;
    },
    async onPasswordReset({ user }: { user: { email: string } }) {
      await clearFailedSignIns(db, user.email);
    },
  };
}

/** Reset tokens are stored as hashes, so reading the database does not give anyone a working link. */
export const hashedResetTokens = { default: 'plain', overrides: { 'reset-password:': 'hashed' } } as const;

const PASSWORD_PATHS = new Set(['/reset-password', '/change-password']);

/** The library's error code of a new password that breaks the product's rules (the bridge adds the field). */
export const PASSWORD_RULES = 'PASSWORD_RULES';

/**
 * The library checks only a password's length; a new password must pass the product's rules (spec
 * part 2 §5) and not be a common password, whichever way it is set. A password change also ends the
 * user's other sessions.
 */
export const passwordRulesHook = createAuthMiddleware(async (ctx) => {
  if (!PASSWORD_PATHS.has(ctx.path)) return;
  const body = (ctx.body ?? {}) as { newPassword?: unknown };
  const checked = passwordSchema.safeParse(typeof body.newPassword === 'string' ? body.newPassword : '');
  if (!checked.success) {
    throw new APIError('BAD_REQUEST', {
      code: PASSWORD_RULES,
      message: checked.error.issues[0]?.message ?? 'Invalid password',
    });
  }
  if (isTooCommon(checked.data)) {
    throw new APIError('BAD_REQUEST', { code: PASSWORD_RULES, message: PASSWORD_TOO_COMMON });
  }
  if (ctx.path === '/change-password') return { context: { body: { ...body, revokeOtherSessions: true } } };
});

/** Counts the caller's reset requests in the shared rate-limit table; refuses beyond the limit. */
async function throttle(db: Db, userId: string): Promise<void> {
  const now = Date.now();
  const windowStart = now - 60_000;
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits as r (key, count, last_request)
    values (${`profile-reset-password:${userId}`}, 1, ${now})
    on conflict (key) do update set
      count = case when r.last_request < ${windowStart} then 1 else r.count + 1 end,
      last_request = case when r.last_request < ${windowStart} then ${now} else r.last_request end
    returning count`);
  if (Number(result.rows[0]?.count ?? 0) > PROFILE_RESETS_PER_MINUTE) {
    throw new AppError('too_many_requests', RESET_TOO_OFTEN);
  }
}

/**
 * POST /api/profile/reset-password: sends the signed-in user a reset link through the library's own
 * password reset, and fails (503) when the e-mail could not be sent, so the page never claims a
 * message that did not go.
 */
export async function sendOwnPasswordReset(db: Db, auth: Auth, actor: Actor): Promise<void> {
  await throttle(db, actor.userId);
  const state = { sent: false };
  await outcome.run(state, () => auth.api.requestPasswordReset({ body: { email: actor.email } }));
  if (!state.sent) throw new AppError('unavailable', RESET_MAIL_FAILED);
}
