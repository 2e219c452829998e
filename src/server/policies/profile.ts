import { NOT_YOUR_PROFILE } from '#shared/contracts/profile.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from './actor.ts';

/**
 * My profile belongs to its user alone: anyone else, internal staff included (they manage users on
 * the admin pages), is refused with 403 whether or not the id exists.
 */
export function requireOwnProfile(actor: Actor, userUuid: string): void {
  if (userUuid.toLowerCase() !== actor.userId.toLowerCase())
    throw new AppError('forbidden', NOT_YOUR_PROFILE);
}
