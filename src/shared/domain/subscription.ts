/**
 * Subscription rules shared by server and client (spec part 1 §2 "no-subscription", §6; part 2 §2
 * "My subscription", §5 "Subscription").
 */

/** The status word of a paid-up subscription. */
export const ACTIVE_STATUS = 'Active';
/** Stripe's free trial: access, as Stripe's own lifecycle treats it. */
export const TRIALING_STATUS = 'Trialing';
/** A renewal whose payment failed: access for a grace period while Stripe retries the card. */
export const PAST_DUE_STATUS = 'PastDue';

/** Days a past-due subscription keeps its agency in, unless configured (SUBSCRIPTION_GRACE_DAYS). */
export const DEFAULT_PAST_DUE_GRACE_DAYS = 7;

/** Stripe's subscription statuses in the product's words (the status column keeps these). */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  active: ACTIVE_STATUS,
  trialing: TRIALING_STATUS,
  past_due: PAST_DUE_STATUS,
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

/** One subscription of an agency as the access rule reads it. */
export type SubscriptionStanding = {
  status: string;
  /** When the subscription became past due (null unless it is). */
  pastDueSince: Date | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether one subscription lets its agency in (decision 040): Active and Trialing do; PastDue does
 * for `graceDays` from when it became past due (a past-due row of unknown start counts as within
 * grace: Stripe's own retries decide when it ends); every other status does not.
 */
export function grantsAccess(subscription: SubscriptionStanding, now: Date, graceDays: number): boolean {
  if (subscription.status === ACTIVE_STATUS || subscription.status === TRIALING_STATUS) return true;
  if (subscription.status !== PAST_DUE_STATUS) return false;
  if (!subscription.pastDueSince) return true;
  return now.getTime() - subscription.pastDueSince.getTime() < graceDays * DAY_MS;
}

/** Statuses that can let an agency in (the browser's reading of `subscriptions[0]`). */
export function isAccessStatus(status: string | undefined): boolean {
  return status === ACTIVE_STATUS || status === TRIALING_STATUS || status === PAST_DUE_STATUS;
}

/**
 * The external subscriber check (spec part 1 §6 "Access needs a network and the bypass flag"): a
 * subscriber passes when billing is off on this server (everyone is treated as bypassed), when staff
 * set its bypass flag, or when any of its subscriptions grants access (not only the newest: a
 * cancelled duplicate must not lock out an agency whose other subscription is paid).
 */
export function passesSubscriberCheck(input: {
  billingEnabled: boolean;
  bypassExternalSubscriber: boolean;
  subscriptions: readonly SubscriptionStanding[];
  now: Date;
  graceDays: number;
}): boolean {
  return (
    !input.billingEnabled ||
    input.bypassExternalSubscriber ||
    input.subscriptions.some((s) => grantsAccess(s, input.now, input.graceDays))
  );
}

/** The answer of a data route to an agency without a subscription in good standing (HTTP 402). */
export const SUBSCRIPTION_REQUIRED_MESSAGE =
  "Your agency's subscription is not active, so its reports and data are not available. " +
  "The agency's primary user or an administrator can subscribe again from the subscription page.";

/** Who may start a checkout for an agency (decision 040); the Customer Portal stays the primary user's. */
export const CHECKOUT_ROLES_MESSAGE =
  "Only the agency's primary user or an administrator can subscribe it. Please ask one of them.";

/**
 * Spec part 2 §5: the agency display name is required and letters only. Decision 052: "letters only"
 * means no digits or symbols, not no punctuation: real agency names have spaces, ampersands,
 * apostrophes, hyphens, periods and commas ("Smith & Sons", "O'Brien-Hale Agency, Inc.").
 */
export const AGENCY_DISPLAY_NAME_MAX = 100;
export const AGENCY_DISPLAY_NAME_MESSAGES = {
  required: 'Agency display name is required',
  lettersOnly:
    "Agency display name may contain letters, spaces and the punctuation of names (& ' - . ,) only, starting with a letter",
  tooLong: `Agency display name must be at most ${AGENCY_DISPLAY_NAME_MAX} characters`,
} as const;
/** Starts with a letter; then letters (with their accents), single spaces and & ' ’ - . , only. */
const NAME_LETTERS = /^\p{L}(?:[\p{L}\p{M}&'’.,-]| (?! ))*$/u;

/** The message for a display name as typed, or null when it may be sent (trimmed). */
export function agencyDisplayNameError(typed: string): string | null {
  const name = typed.trim();
  if (name.length === 0) return AGENCY_DISPLAY_NAME_MESSAGES.required;
  if (name.length > AGENCY_DISPLAY_NAME_MAX) return AGENCY_DISPLAY_NAME_MESSAGES.tooLong;
  if (!NAME_LETTERS.test(name)) return AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly;
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
