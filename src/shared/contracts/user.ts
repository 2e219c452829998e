import { z } from 'zod';

export const userTypeSchema = z.enum(['internal', 'network', 'agency']);
export type UserType = z.infer<typeof userTypeSchema>;

/** The signed-in user as the client sees it (spec part 1 §3 User). */
export const userSchema = z.object({
  userUuid: z.string().uuid(),
  id: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: userTypeSchema,
  isOwner: z.boolean(),
  isAdministrator: z.boolean(),
  isInternal: z.boolean(),
  isAdmin: z.boolean(),
  agency: z
    .object({ uuid: z.string().uuid(), name: z.string(), city: z.string(), state: z.string() })
    .nullable(),
  network: z.object({ uuid: z.string().uuid(), name: z.string(), abbreviation: z.string() }).nullable(),
  subscriptions: z.array(z.object({ status: z.string() })),
  bypassExternalSubscriber: z.boolean(),
  isPrimaryUserOfSubscriber: z.boolean(),
  /** The subscriber of the user's agency (GET /api/subscription/subscribers), null without one. */
  subscriberUuid: z.string().uuid().nullable(),
  enableMfaOptions: z.boolean(),
  allowEmailMFA: z.boolean(),
  allowAuthenticatorMFA: z.boolean(),
  allowSMSMFA: z.boolean(),
  allowOptOutMFA: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/user: `{ user, errorMessage }`. */
export const userResponseSchema = z.object({
  user: userSchema,
  errorMessage: z.string().nullable(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /api/agency/users?levelUuid: the agency's active users (spec part 2 §2 "Users"), by name. */
export const agencyUsersResponseSchema = z.object({
  users: z.array(
    z.object({
      userUuid: z.string().uuid(),
      name: z.string(),
      email: z.string(),
      /** Owners and administrators count as admin (spec part 2 §6). */
      isAdmin: z.boolean(),
    }),
  ),
});
export type AgencyUsersResponse = z.infer<typeof agencyUsersResponseSchema>;
