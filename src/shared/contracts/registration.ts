import { z } from 'zod';
import {
  emailAddressSchema,
  passwordSchema,
  personFieldsSchema,
  personNameSchema,
} from './account-fields.ts';

/** How long an invitation's registration link works. */
export const INVITATION_DAYS = 7;

/** The success message of registration (spec part 2 §8). */
export const ACCOUNT_CREATED = 'Account created successfully';

/**
 * Why a registration link cannot be used: the Reason of the 'Unable to process request' page
 * (spec part 2 §8). The server answers these; the page shows them.
 */
export const REGISTRATION_REASONS = {
  missingToken:
    'This registration link is incomplete: it has no invitation token. Please open the link from your invitation e-mail again.',
  unknown:
    'This registration link is not valid. It may have been replaced by a newer invitation: please use the link in your most recent invitation e-mail.',
  used: 'This registration link has already been used to create an account. Please sign in with that account.',
  expired: `This registration link has expired (links work for ${INVITATION_DAYS} days). Please ask your agency's owner or administrator to send a new invitation.`,
} as const;

/** POST /api/invitations: invite someone to an agency by e-mail. */
export const invitationRequestSchema = z.object({
  emailAddress: emailAddressSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  agencyUuid: z.string().uuid('Choose an agency.'),
  /** The invitee becomes the subscriber's primary user on registering. */
  willInviteeBePrimaryUser: z.boolean().default(false),
});
export type InvitationRequest = z.input<typeof invitationRequestSchema>;

export const invitationResponseSchema = z.object({
  invitationUuid: z.string().uuid(),
  emailAddress: z.string(),
  expiresAt: z.string(),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

/** GET /api/invitations?agencyUuid: the agency's invitations not used yet and not expired, newest first. */
export const pendingInvitationsQuerySchema = z.object({
  agencyUuid: z.string().uuid('Choose an agency.'),
});
export const pendingInvitationsResponseSchema = z.object({
  invitations: z.array(
    z.object({
      invitationUuid: z.string().uuid(),
      emailAddress: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      willInviteeBePrimaryUser: z.boolean(),
      invitedByName: z.string().nullable(),
      expiresAt: z.string(),
    }),
  ),
});
export type PendingInvitations = z.infer<typeof pendingInvitationsResponseSchema>;

/** GET /api/register/meta-data?token: the token must be there; any other check answers a reason. */
export const registrationMetadataQuerySchema = z.object({
  token: z.string().trim().min(1, REGISTRATION_REASONS.missingToken).max(200, REGISTRATION_REASONS.unknown),
});

/** The registration metadata (spec part 2 §3); `userUuid` names an existing user the registration completes. */
export const registrationMetadataSchema = z.object({
  subscriberUuid: z.string().uuid(),
  subscriberName: z.string(),
  agencyNetworkUuid: z.string().uuid(),
  agencyNetworkName: z.string(),
  userUuid: z.string().uuid().nullable(),
  willInviteeBePrimaryUser: z.boolean(),
  emailAddress: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The registration token itself, sent back with the account. */
  accessToken: z.string(),
});
export type RegistrationMetadata = z.infer<typeof registrationMetadataSchema>;

/** The three account-creation calls of spec part 2 §7. */
export type RegistrationKind = 'user' | 'createPrimaryUser' | 'createUser';

/**
 * Which call completes an invitation: an existing user row is completed through
 * /api/register/user/{userUuid} (also when it becomes the primary user), a primary-user invitation
 * creates the user through /api/register/createPrimaryUser, any other through /api/register/createUser.
 */
export function registrationKindOf(
  invitation: Pick<RegistrationMetadata, 'userUuid' | 'willInviteeBePrimaryUser'>,
): RegistrationKind {
  if (invitation.userUuid) return 'user';
  return invitation.willInviteeBePrimaryUser ? 'createPrimaryUser' : 'createUser';
}

/** The path of the call that completes the invitation. */
export function registrationPathOf(
  invitation: Pick<RegistrationMetadata, 'userUuid' | 'willInviteeBePrimaryUser'>,
): string {
  const kind = registrationKindOf(invitation);
  return kind === 'user' ? `/api/register/user/${invitation.userUuid}` : `/api/register/${kind}`;
}

/**
 * The account-creation body (spec part 2 §7): the person fields of account-fields.ts, the agency
 * (the metadata's subscriberUuid: the subscriber is the agency), the password and the token.
 */
export const registrationRequestSchema = personFieldsSchema.safeExtend({
  agencyId: z.string().uuid('This registration is for another agency.'),
  password: passwordSchema,
  token: z.string().trim().min(1, REGISTRATION_REASONS.missingToken).max(200, REGISTRATION_REASONS.unknown),
});
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;
export type RegistrationInput = z.output<typeof registrationRequestSchema>;

export const registrationResponseSchema = z.object({
  userUuid: z.string().uuid(),
  emailAddress: z.string(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;
