/**
 * Subscription rules shared by server and client (spec part 1 §2 "no-subscription", §6; part 2 §2
 * "My subscription", §5 "Subscription").
 */

/** The status word of a subscription that lets its agency in. */
export const ACTIVE_STATUS = 'Active';

/** Stripe's subscription statuses in the product's words (the status column keeps these). */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'PastDue',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'IncompleteExpired',
  paused: 'Paused',
};

/** A Stripe subscription status as the product shows and stores it ('past_due' -> 'PastDue'). */
export function subscriptionStatusOf(stripeStatus: string): string {
  return STATUS_WORDS[stripeStatus] ?? stripeStatus;
}

/**
 * The external subscriber check (spec part 1 §6 "Access needs a network and the bypass flag"): a
 * subscriber passes when billing is off on this server (everyone is treated as bypassed), when staff
 * set its bypass flag, or when its latest subscription is Active.
 */
export function passesSubscriberCheck(input: {
  billingEnabled: boolean;
  bypassExternalSubscriber: boolean;
  latestStatus: string | null;
}): boolean {
  return !input.billingEnabled || input.bypassExternalSubscriber || input.latestStatus === ACTIVE_STATUS;
}

/** Spec part 2 §5: the agency display name is required and letters only (words may be separated by spaces). */
export const AGENCY_DISPLAY_NAME_MAX = 100;
export const AGENCY_DISPLAY_NAME_MESSAGES = {
  required: 'Agency display name is required',
  lettersOnly: 'Agency display name may contain letters only',
  tooLong: `Agency display name must be at most ${AGENCY_DISPLAY_NAME_MAX} characters`,
} as const;
const LETTERS_ONLY = /^\p{L}+(?: \p{L}+)*$/u;

/** The message for a display name as typed, or null when it may be sent (trimmed). */
export function agencyDisplayNameError(typed: string): string | null {
  const name = typed.trim();
  if (name.length === 0) return AGENCY_DISPLAY_NAME_MESSAGES.required;
  if (name.length > AGENCY_DISPLAY_NAME_MAX) return AGENCY_DISPLAY_NAME_MESSAGES.tooLong;
  if (!LETTERS_ONLY.test(name)) return AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly;
  return null;
}

/** The per-interval label of a price card ('per month', 'every 3 months', 'per year'). */
export function billedEveryLabel(interval: string, intervalCount: number): string {
  if (intervalCount <= 1) return `per ${interval}`;
  return `every ${intervalCount} ${interval}s`;
}

/** The online-payment message of a server without Stripe keys (issue: billing off by default). */
export const BILLING_OFF_MESSAGE =
  'Online payment is not configured on this server. Please contact us to subscribe.';

/**
 * What a user reads when Stripe fails us: unreachable, too slow, refusing our key, or answering
 * something we cannot use. Stripe's own text (its ids, its dashboard links) goes to the log only.
 */
export const PAYMENTS_UNAVAILABLE_MESSAGE =
  'Payments are not available right now; please try again later or contact support.';
