import { AppError } from '#server/errors.ts';
import { isAdminActor, isInternalActor, type Actor } from './actor.ts';

export const MAY_NOT_INVITE =
  "Only the agency's owners and administrators, or Understanding staff, may invite users.";

/**
 * Who may invite users to an agency (and see its pending invitations): its own owners and
 * administrators, and internal staff for any agency. Everyone else gets 403, whether or not the
 * agency exists.
 */
export function mayInvite(actor: Actor, agencyUuid: string): boolean {
  if (isInternalActor(actor)) return true;
  return actor.userType === 'agency' && actor.agencyUuid === agencyUuid && isAdminActor(actor);
}

export function assertMayInvite(actor: Actor, agencyUuid: string): void {
  if (!mayInvite(actor, agencyUuid)) throw new AppError('forbidden', MAY_NOT_INVITE);
}
