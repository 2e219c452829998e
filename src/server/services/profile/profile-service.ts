import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import type { z } from 'zod';
import { EMAIL_READ_ONLY, type Profile, type profileUpdateSchema } from '#shared/contracts/profile.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import { requireOwnProfile } from '#server/policies/profile.ts';
import { personColumns } from '#server/services/user/person-columns.ts';

type UserRow = typeof users.$inferSelect;

const profileOf = (row: UserRow): Profile => ({
  userUuid: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  emailAddress: row.email,
  addressLine1: row.addressLine1,
  addressLine2: row.addressLine2,
  city: row.city,
  state: row.state,
  postalCode: row.postalCode,
  countryCode: row.countryCode,
  areaCode: row.areaCode,
  phoneNumber: row.phoneNumber,
  country: row.country,
});

const gone = () => new AppError('not_found', 'This account no longer exists.');

/** GET /api/profile/users: the caller's own profile; any other id is refused. */
export async function getProfile(db: Db, actor: Actor, userUuid: string): Promise<Profile> {
  requireOwnProfile(actor, userUuid);
  const [row] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!row) throw gone();
  return profileOf(row);
}

/**
 * PUT /api/profile/users: saves the caller's names, address and phone (already checked against the
 * shared person-field rules), keeps `name` as "first last" for the header, and records before and
 * after in the audit log, in one transaction. The e-mail address is the sign-in name and read-only.
 */
export async function updateProfile(
  db: Db,
  actor: Actor,
  input: z.output<typeof profileUpdateSchema>,
): Promise<Profile> {
  requireOwnProfile(actor, input.userUuid);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, actor.userId)).for('update');
    if (!before) throw gone();
    if (input.emailAddress.toLowerCase() !== before.email.toLowerCase()) {
      throw new AppError('bad_request', EMAIL_READ_ONLY, { emailAddress: EMAIL_READ_ONLY });
    }
    const [after] = await tx
      .update(users)
      .set({ ...personColumns(input), updatedAt: sql`now()` })
      .where(eq(users.id, actor.userId))
      .returning();
    await recordAudit(tx, {
      agencyUuid: before.agencyUuid,
      actorUserId: actor.userId,
      action: 'update',
      entity: 'user_profile',
      entityId: actor.userId,
      before: profileOf(before),
      after: profileOf(after!),
    });
    return profileOf(after!);
  });
}
