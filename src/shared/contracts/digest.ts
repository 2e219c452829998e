/**
 * The monthly digest by e-mail (decision 071): My profile's setting (GET/PUT /api/profile/digest)
 * and the unsubscribe link of the e-mail (POST /api/digest/unsubscribe).
 */
import { z } from 'zod';
import {
  DIGEST_DAY_MESSAGE,
  DIGEST_FIRST_DAY,
  DIGEST_LAST_DAY,
  DIGEST_MODES,
} from '#shared/domain/digest.ts';

export const DIGEST_SAVED = 'Your digest setting has been saved.';
export const DIGEST_UNSUBSCRIBED = 'You will no longer receive the monthly digest.';
export const DIGEST_BAD_LINK =
  'This unsubscribe link is not valid. Open My profile to change your digest, or ask support.';
/** Internal staff have no one scope to report: they pick any network (decision 071). */
export const DIGEST_NOT_OFFERED_STAFF =
  'The monthly digest is for agency and network users; staff look at any network in the product.';
export const DIGEST_NOT_OFFERED_ACCESS =
  'The monthly digest reports Carrier Production figures, which your account does not have.';

/** The setting as a form sends it: the day only with "on a day". */
export const digestSettingSchema = z
  .object({
    mode: z.enum(DIGEST_MODES, { message: 'Choose when the digest is sent.' }),
    day: z
      .number({ message: DIGEST_DAY_MESSAGE })
      .int(DIGEST_DAY_MESSAGE)
      .min(DIGEST_FIRST_DAY, DIGEST_DAY_MESSAGE)
      .max(DIGEST_LAST_DAY, DIGEST_DAY_MESSAGE)
      .nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'day' && value.day === null)
      ctx.addIssue({ code: 'custom', path: ['day'], message: DIGEST_DAY_MESSAGE });
  });
export type DigestSettingInput = z.infer<typeof digestSettingSchema>;

export const digestSettingResponseSchema = z.object({
  mode: z.enum(DIGEST_MODES),
  day: z.number().int().nullable(),
  /** Whether the caller may subscribe; `reason` says why not. */
  offered: z.boolean(),
  reason: z.string().nullable(),
  /** What the digest reports: the caller's agency, or network. */
  scopeName: z.string().nullable(),
  emailAddress: z.string(),
});
export type DigestSettingResponse = z.infer<typeof digestSettingResponseSchema>;

/** The signed token of the e-mail's unsubscribe link: the user and an HMAC of it. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1, 'The link has no token.').max(200, DIGEST_BAD_LINK),
});
export const unsubscribeResponseSchema = z.object({ message: z.string() });
