import { z } from 'zod';
import { personFieldsSchema } from './account-fields.ts';

/** Spec part 2 §8: what My profile says after a successful update and after asking for a reset link. */
export const PROFILE_UPDATED = 'Your profile has been updated successfully!';
export const RESET_EMAIL_SENT = "We've just sent you an email to reset your password.";

/** What a user is told when asking for someone else's profile (the server refuses it whatever the id). */
export const NOT_YOUR_PROFILE = 'You can only see and change your own profile.';
/** The e-mail address is read-only on My profile: it is the sign-in name. */
export const EMAIL_READ_ONLY = 'Your email address cannot be changed here.';

/** How long a password-reset link works, in minutes (the e-mail says so). */
export const RESET_LINK_MINUTES = 60;

/** GET /api/profile/users?userUuid=: the profile asked for, which must be the caller's own. */
export const profileQuerySchema = z.object({ userUuid: z.string().uuid('Not a valid user id') });

/** The profile (spec part 2 §3 User, §7 "GET /api/profile/users"): names, e-mail, address and phone parts. */
export const profileSchema = z.object({
  userUuid: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
  areaCode: z.string(),
  phoneNumber: z.string(),
  country: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PUT /api/profile/users: the person fields with the rules and messages of registration (spec part 2
 * §5 "Profile"). `emailAddress` is the current address; a different one is refused (read-only).
 */
export const profileUpdateSchema = personFieldsSchema.safeExtend({
  userUuid: z.string().uuid('Not a valid user id'),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** The answer of GET and PUT /api/profile/users. */
export const profileResponseSchema = z.object({ profile: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** POST /api/profile/reset-password: the address the reset link was sent to. */
export const resetPasswordResponseSchema = z.object({ emailAddress: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;
