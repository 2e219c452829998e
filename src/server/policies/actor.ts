import type { UserType } from '#shared/contracts/user.ts';

/** Who is calling: resolved once per request from the session; every policy decision starts here. */
export type Actor = {
  userId: string;
  email: string;
  userType: UserType;
  agencyUuid: string | null;
  networkUuid: string | null;
  isOwner: boolean;
  isAdministrator: boolean;
  sessionId: string;
};

/** "Owners and administrators are treated as admin" (spec part 1 §6). */
export function isAdminActor(actor: Pick<Actor, 'isOwner' | 'isAdministrator'>): boolean {
  return actor.isOwner || actor.isAdministrator;
}

/** Internal users get access to every feature (spec part 1 §6). */
export function isInternalActor(actor: Pick<Actor, 'userType'>): boolean {
  return actor.userType === 'internal';
}
