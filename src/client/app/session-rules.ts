import type { User } from '#shared/contracts/user.ts';
import { isInternalUser } from '#shared/domain/navigation.ts';
import { isAccessStatus } from '#shared/domain/subscription.ts';

export const MFA_SETUP_PATH = '/mfa/setup';

/**
 * A user with MFA options enabled goes to /mfa/setup, unless no MFA choice is allowed for them
 * (spec part 1 §2 Route table), or they have already chosen (GET /api/mfa/status).
 */
export function needsMfaSetup(user: User): boolean {
  return (
    user.enableMfaOptions &&
    (user.allowEmailMFA || user.allowAuthenticatorMFA || user.allowSMSMFA || user.allowOptOutMFA)
  );
}

/**
 * A user the shell cannot serve: no network (internal staff work across networks), or an agency
 * user without an agency (spec part 1 §6). They go to /no-subscription at once.
 */
export function isInvalidUser(user: User): boolean {
  if (isInternalUser(user)) return false;
  return user.network === null || (user.userType === 'agency' && user.agency === null);
}

/**
 * /no-subscription shows the not-subscribed page when the first subscription (the server lists the
 * one that counts first) cannot let the agency in, or the user does not bypass the external
 * subscriber check; otherwise it sends the user to /production.
 */
export function showsNotSubscribed(user: User): boolean {
  return !isAccessStatus(user.subscriptions[0]?.status) || !user.bypassExternalSubscriber;
}
