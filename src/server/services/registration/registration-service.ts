import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import {
  REGISTRATION_REASONS,
  registrationKindOf,
  registrationPathOf,
  type RegistrationInput,
  type RegistrationKind,
  type RegistrationMetadata,
  type RegistrationResponse,
} from '#shared/contracts/registration.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, invitations, users } from '#server/db/schema/auth.ts';
import { agencies, networks, subscribers } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import { personColumns } from '#server/services/user/person-columns.ts';
import { hashRegistrationToken } from './invitation-service.ts';

type Invitation = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  agencyUuid: string;
  networkUuid: string;
  networkName: string;
  subscriberUuid: string;
  subscriberName: string;
  willBePrimaryUser: boolean;
  userId: string | null;
};

/** The invitation of a registration token, or the reason it cannot be used (404 unknown, 410 used or expired). */
async function usableInvitation(db: Db, token: string): Promise<Invitation> {
  const [row] = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      firstName: invitations.firstName,
      lastName: invitations.lastName,
      agencyUuid: invitations.agencyUuid,
      networkUuid: networks.uuid,
      networkName: networks.name,
      subscriberUuid: subscribers.uuid,
      subscriberName: subscribers.displayName,
      willBePrimaryUser: invitations.willBePrimaryUser,
      userId: invitations.userId,
      used: sql<boolean>`${invitations.usedAt} is not null`,
      expired: sql<boolean>`${invitations.expiresAt} <= now()`,
    })
    .from(invitations)
    .innerJoin(agencies, eq(agencies.uuid, invitations.agencyUuid))
    .innerJoin(networks, eq(networks.uuid, agencies.networkUuid))
    .innerJoin(subscribers, eq(subscribers.agencyUuid, invitations.agencyUuid))
    .where(eq(invitations.tokenHash, hashRegistrationToken(token)));
  if (!row) throw new AppError('not_found', REGISTRATION_REASONS.unknown);
  if (row.used) throw new AppError('gone', REGISTRATION_REASONS.used);
  if (row.expired) throw new AppError('gone', REGISTRATION_REASONS.expired);
  const { used: _used, expired: _expired, ...invitation } = row;
  return invitation;
}

/**
 * GET /api/register/meta-data (spec part 2 §3 Registration metadata): who is invited to which
 * subscriber and network, for the registration form. An unknown, used or expired token answers the
 * reason the page shows.
 */
export async function getRegistrationMetadata(db: Db, token: string): Promise<RegistrationMetadata> {
  const invitation = await usableInvitation(db, token);
  return {
    subscriberUuid: invitation.subscriberUuid,
    subscriberName: invitation.subscriberName,
    agencyNetworkUuid: invitation.networkUuid,
    agencyNetworkName: invitation.networkName,
    userUuid: invitation.userId,
    willInviteeBePrimaryUser: invitation.willBePrimaryUser,
    emailAddress: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    accessToken: token,
  };
}

/** Which registration call was made: the kind, and the user of /api/register/user/{userUuid}. */
export type RegistrationCall = { kind: RegistrationKind; userUuid?: string };

export type RegistrationCredentials = {
  /** The password hasher of the sign-in library, so the library can verify what is stored. */
  hashPassword: (password: string) => Promise<string>;
};

const emailTaken = (email: string) =>
  new AppError(
    'conflict',
    `${email} already has an account. Sign in with it, or register with another address.`,
    {
      emailAddress: `${email} already has an account.`,
    },
  );

/**
 * Creates the account of an invitation (spec part 2 §4 Registration), all in one transaction: the
 * invitation is claimed by a conditional update (unused and unexpired), so two submissions of one
 * link cannot both succeed; the user is created, or the invitation's existing user completed, as an
 * agency user of the invitation's agency and network; the credential account gets the password
 * hashed by the sign-in library; a primary-user invitation makes the user the subscriber's primary
 * user; an audit row records it. The call must be the one the invitation names.
 */
export async function registerInvitedUser(
  db: Db,
  call: RegistrationCall,
  input: RegistrationInput,
  credentials: RegistrationCredentials,
): Promise<RegistrationResponse> {
  const invitation = await usableInvitation(db, input.token);
  const expected = { userUuid: invitation.userId, willInviteeBePrimaryUser: invitation.willBePrimaryUser };
  if (
    registrationKindOf(expected) !== call.kind ||
    (call.kind === 'user' && call.userUuid !== invitation.userId)
  ) {
    throw new AppError(
      'bad_request',
      `This invitation is completed through POST ${registrationPathOf(expected)}, not this call.`,
    );
  }
  if (input.agencyId !== invitation.subscriberUuid) {
    throw new AppError('bad_request', 'This registration is for another agency.', {
      agencyId: 'This registration is for another agency.',
    });
  }

  const email = input.emailAddress.toLowerCase();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      invitation.userId
        ? and(sql`lower(${users.email}) = ${email}`, ne(users.id, invitation.userId))
        : sql`lower(${users.email}) = ${email}`,
    );
  if (taken) throw emailTaken(email);
  const passwordHash = await credentials.hashPassword(input.password);

  const person = {
    ...personColumns(input),
    email,
    emailVerified: email === invitation.email,
    userType: 'agency',
    agencyUuid: invitation.agencyUuid,
    networkUuid: invitation.networkUuid,
    isActive: true,
  };

  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(invitations)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(invitations.id, invitation.id),
            isNull(invitations.usedAt),
            gt(invitations.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: invitations.id, usedAt: invitations.usedAt });
      if (!claimed) {
        const [now] = await tx
          .select({ used: sql<boolean>`${invitations.usedAt} is not null` })
          .from(invitations)
          .where(eq(invitations.id, invitation.id));
        throw new AppError(
          'gone',
          now?.used === false ? REGISTRATION_REASONS.expired : REGISTRATION_REASONS.used,
        );
      }

      let userId: string;
      let before: Record<string, unknown> | null = null;
      if (invitation.userId) {
        const [existing] = await tx.select().from(users).where(eq(users.id, invitation.userId)).for('update');
        if (!existing) throw new AppError('gone', REGISTRATION_REASONS.unknown);
        const credentialsOf = await tx
          .select({ id: accounts.id, password: accounts.password })
          .from(accounts)
          .where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, 'credential')));
        if (credentialsOf.some((a) => a.password !== null)) throw emailTaken(existing.email);
        before = { email: existing.email, name: existing.name, agencyUuid: existing.agencyUuid };
        await tx
          .update(users)
          .set({ ...person, updatedAt: sql`now()` })
          .where(eq(users.id, existing.id));
        await tx
          .delete(accounts)
          .where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, 'credential')));
        userId = existing.id;
      } else {
        const [created] = await tx.insert(users).values(person).returning({ id: users.id });
        userId = created!.id;
      }
      await tx
        .insert(accounts)
        .values({ accountId: userId, providerId: 'credential', userId, password: passwordHash });
      if (invitation.willBePrimaryUser) {
        await tx
          .update(subscribers)
          .set({ primaryUserUuid: userId })
          .where(eq(subscribers.agencyUuid, invitation.agencyUuid));
      }
      await recordAudit(tx, {
        agencyUuid: invitation.agencyUuid,
        actorUserId: userId,
        action: 'register',
        entity: 'user',
        entityId: userId,
        before,
        after: {
          invitation: invitation.id,
          email,
          name: person.name,
          agencyUuid: invitation.agencyUuid,
          networkUuid: invitation.networkUuid,
          primaryUser: invitation.willBePrimaryUser,
        },
      });
      return { userUuid: userId, emailAddress: email };
    });
  } catch (error) {
    // Another account took the address between the check and the insert.
    if (isUniqueViolation(error)) throw emailTaken(email);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error || (typeof e === 'object' && e !== null);) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
    if (e === undefined) break;
  }
  return false;
}
