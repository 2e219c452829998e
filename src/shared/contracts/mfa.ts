import { z } from 'zod';

/**
 * Multi-factor sign-in (spec part 1 §2 MFA setup, §4 MFA, §7). The factor a user enrols with:
 * 'any' (an authenticator app), 'email' (a code by e-mail) or 'opt_out' (no second step).
 */
export const mfaFactorSchema = z.enum(['any', 'email', 'opt_out']);
export type MfaFactor = z.infer<typeof mfaFactorSchema>;

/** GET /api/mfa/status: the factor the user chose, or 'not_enrolled'. */
export const mfaStatusSchema = z.object({ status: z.enum(['not_enrolled', ...mfaFactorSchema.options]) });
export type MfaStatus = z.infer<typeof mfaStatusSchema>['status'];

/** POST /api/mfa/enroll. */
export const mfaEnrollBodySchema = z.object({ factor: mfaFactorSchema });

/** Sign-in codes: six digits; e-mail codes expire after ten minutes; five wrong codes in five minutes wait. */
export const MFA_CODE_DIGITS = 6;
export const EMAIL_CODE_MINUTES = 10;
export const MFA_THROTTLE_FAILURES = 5;
export const MFA_THROTTLE_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;

/**
 * GET /api/mfa/challenge: the second step a signed-in-by-password session still owes. 'none' when it
 * owes nothing; 'totp-setup' the first time with an authenticator app (the secret to add, as text,
 * otpauth URI and QR code); 'totp' later; 'email' with the masked address the code goes to.
 */
export const mfaChallengeSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('none') }),
  z.object({
    step: z.literal('totp-setup'),
    secret: z.string(),
    otpauthUri: z.string(),
    qrCodeSvg: z.string(),
  }),
  z.object({ step: z.literal('totp') }),
  z.object({ step: z.literal('email'), emailHint: z.string() }),
]);
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** POST /api/mfa/verify: a 6-digit code, or one of the recovery codes. */
export const mfaVerifyBodySchema = z.union([
  z.object({ code: z.string().trim().min(1, 'Enter the code.').max(20) }),
  z.object({ recoveryCode: z.string().trim().min(1, 'Enter a recovery code.').max(40) }),
]);
export type MfaVerifyBody = z.infer<typeof mfaVerifyBodySchema>;

/** The answer to a right code: recovery codes only after the authenticator app was confirmed. */
export const mfaVerifyResponseSchema = z.object({ recoveryCodes: z.array(z.string()).nullable() });

/** POST /api/mfa/email-code: whether a new code went out (not when one was sent moments ago). */
export const mfaEmailCodeResponseSchema = z.object({ sent: z.boolean(), emailHint: z.string() });

/** The staff view of a user's multi-factor sign-in (GET/PUT /api/admin/users/:userUuid/mfa). */
export const adminMfaSchema = z.object({
  enableMfaOptions: z.boolean(),
  allowAuthenticatorMFA: z.boolean(),
  allowEmailMFA: z.boolean(),
  allowOptOutMFA: z.boolean(),
  status: mfaStatusSchema.shape.status,
  authenticatorConfirmed: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type AdminMfa = z.infer<typeof adminMfaSchema>;
export const adminMfaOptionsBodySchema = adminMfaSchema.pick({
  enableMfaOptions: true,
  allowAuthenticatorMFA: true,
  allowEmailMFA: true,
  allowOptOutMFA: true,
});
