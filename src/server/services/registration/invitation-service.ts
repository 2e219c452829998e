import { createHash, randomBytes } from 'node:crypto';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import {
  INVITATION_DAYS,
  type InvitationResponse,
  type PendingInvitations,
} from '#shared/contracts/registration.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, invitations, users } from '#server/db/schema/auth.ts';
import { agencies, networks, subscribers } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import { assertMayInvite } from '#server/policies/invitations.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { invitationMail } from '#server/services/mail/templates/invitation.ts';

/** The registration token's hash: only this is stored, so a database leak opens no account. */
export function hashRegistrationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new registration token: 32 random bytes, base64url (URL-safe, 43 characters). */
function newRegistrationToken(): string {
  return randomBytes(32).toString('base64url');
}

export type InvitationInput = {
  emailAddress: string;
  firstName: string;
  lastName: string;
  agencyUuid: string;
  willInviteeBePrimaryUser: boolean;
};

export type InvitationDelivery = { mailer: Mailer; publicUrl: string; log: FastifyBaseLogger };

/**
 * Invites someone to an agency (spec part 2 §1 "Invited users create an account through a
 * token-driven registration page"): owners and administrators of that agency, or internal staff.
 * The invitation is stored (token hash, expiry in INVITATION_DAYS days, audit row), the e-mail with
 * the registration link is sent, and only then are older unused invitations to the same address and
 * agency removed, so a failed e-mail leaves the previous link working. An address that already signs
 * in with a password is refused (409); an existing user row without a password is completed by the
 * registration.
 */
export async function createInvitation(
  db: Db,
  actor: Actor,
  input: InvitationInput,
  delivery: InvitationDelivery,
): Promise<InvitationResponse> {
  assertMayInvite(actor, input.agencyUuid);
  const [agency] = await db
    .select({
      name: agencies.name,
      networkName: networks.name,
      subscriberUuid: subscribers.uuid,
    })
    .from(agencies)
    .innerJoin(networks, eq(networks.uuid, agencies.networkUuid))
    .leftJoin(subscribers, eq(subscribers.agencyUuid, agencies.uuid))
    .where(eq(agencies.uuid, input.agencyUuid));
  if (!agency) throw new AppError('not_found', 'There is no such agency.');
  if (!agency.subscriberUuid) {
    throw new AppError(
      'conflict',
      `${agency.name} has no subscriber record, so no one can be invited to it yet.`,
    );
  }

  const email = input.emailAddress.toLowerCase();
  const existingUserId = await invitableUser(db, email, input.agencyUuid);
  const token = newRegistrationToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);

  const invitation = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invitations)
      .values({
        tokenHash: hashRegistrationToken(token),
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        agencyUuid: input.agencyUuid,
        willBePrimaryUser: input.willInviteeBePrimaryUser,
        userId: existingUserId,
        invitedBy: actor.userId,
        expiresAt,
      })
      .returning({ id: invitations.id });
    await recordAudit(tx, {
      agencyUuid: input.agencyUuid,
      actorUserId: actor.userId,
      action: 'invite',
      entity: 'invitation',
      entityId: row!.id,
      after: {
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        willBePrimaryUser: input.willInviteeBePrimaryUser,
        userId: existingUserId,
        expiresAt: expiresAt.toISOString(),
      },
    });
    return row!;
  });

  const [inviter] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
  try {
    await delivery.mailer.send(
      invitationMail({
        to: email,
        inviteeFirstName: input.firstName,
        agencyName: agency.name,
        networkName: agency.networkName,
        invitedByName: inviter?.name || actor.email,
        willBePrimaryUser: input.willInviteeBePrimaryUser,
        registrationUrl: `${delivery.publicUrl}/register?token=${token}`,
        expiresAt,
      }),
    );
  } catch (error) {
    delivery.log.error({ err: error, invitation: invitation.id }, 'invitation e-mail could not be sent');
    await db.delete(invitations).where(eq(invitations.id, invitation.id));
    throw new AppError(
      'unavailable',
      `The invitation e-mail to ${email} could not be sent. Please try again in a moment.`,
    );
  }

  await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.email, email),
        eq(invitations.agencyUuid, input.agencyUuid),
        isNull(invitations.usedAt),
        ne(invitations.id, invitation.id),
      ),
    );
  return { invitationUuid: invitation.id, emailAddress: email, expiresAt: expiresAt.toISOString() };
}

/**
 * The user row an invitation to `email` completes, or null when registration creates one. Refuses
 * (409) an address that already signs in with a password, and one that belongs to a user of another
 * agency, the network or the staff.
 */
async function invitableUser(db: Db, email: string, agencyUuid: string): Promise<string | null> {
  const [existing] = await db
    .select({
      id: users.id,
      userType: users.userType,
      agencyUuid: users.agencyUuid,
      hasPassword: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(accounts)
        .where(
          and(
            eq(accounts.userId, users.id),
            eq(accounts.providerId, 'credential'),
            isNotNull(accounts.password),
          ),
        )})`,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!existing) return null;
  if (existing.hasPassword) {
    throw new AppError('conflict', `${email} already has an account: they can sign in with it.`, {
      emailAddress: `${email} already has an account.`,
    });
  }
  if (
    existing.userType !== 'agency' ||
    (existing.agencyUuid !== null && existing.agencyUuid !== agencyUuid)
  ) {
    throw new AppError(
      'conflict',
      `${email} belongs to a user outside this agency and cannot be invited to it.`,
      {
        emailAddress: `${email} belongs to a user outside this agency.`,
      },
    );
  }
  return existing.id;
}

/** The agency's invitations that can still be used, newest first (for the Users page). */
export async function listPendingInvitations(
  db: Db,
  actor: Actor,
  agencyUuid: string,
): Promise<PendingInvitations['invitations']> {
  assertMayInvite(actor, agencyUuid);
  const inviter = alias(users, 'inviter');
  const rows = await db
    .select({
      invitationUuid: invitations.id,
      emailAddress: invitations.email,
      firstName: invitations.firstName,
      lastName: invitations.lastName,
      willInviteeBePrimaryUser: invitations.willBePrimaryUser,
      invitedByName: inviter.name,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.agencyUuid, agencyUuid),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() }));
}
