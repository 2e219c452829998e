import { and, asc, eq } from 'drizzle-orm';
import type { AgencyUsersResponse } from '#shared/contracts/user.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { AppError } from '#server/errors.ts';
import type { Level } from '#server/policies/scope.ts';

/** The active users of the level's agency, by name (a network level has no such list). */
export async function listAgencyUsers(db: Db, level: Level): Promise<AgencyUsersResponse['users']> {
  if (level.kind !== 'agency') {
    throw new AppError('bad_request', 'Choose an agency to see its users.', {
      levelUuid: 'Choose an agency to see its users.',
    });
  }
  const rows = await db
    .select({
      userUuid: users.id,
      name: users.name,
      email: users.email,
      isOwner: users.isOwner,
      isAdministrator: users.isAdministrator,
    })
    .from(users)
    .where(and(eq(users.agencyUuid, level.agencyUuid), eq(users.isActive, true)))
    .orderBy(asc(users.name), asc(users.email));
  return rows.map(({ isOwner, isAdministrator, ...user }) => ({
    ...user,
    isAdmin: isOwner || isAdministrator,
  }));
}
