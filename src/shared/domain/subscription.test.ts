import { describe, expect, it } from 'vitest';
import {
  AGENCY_DISPLAY_NAME_MESSAGES,
  agencyDisplayNameError,
  billedEveryLabel,
  grantsAccess,
  passesSubscriberCheck,
  subscriptionStatusOf,
} from './subscription.ts';

describe('subscription rules', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const days = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);
  const one = (status: string, pastDueSince: Date | null = null) => [{ status, pastDueSince }];

  it('lets everyone in with billing off, and with billing on the bypassed or those in good standing', () => {
    const off = {
      billingEnabled: false,
      bypassExternalSubscriber: false,
      subscriptions: one('Canceled'),
      now,
      graceDays: 7,
    };
    expect(passesSubscriberCheck(off)).toBe(true);
    const on = { ...off, billingEnabled: true };
    expect(passesSubscriberCheck(on)).toBe(false);
    expect(passesSubscriberCheck({ ...on, bypassExternalSubscriber: true })).toBe(true);
    expect(passesSubscriberCheck({ ...on, subscriptions: one('Active') })).toBe(true);
    expect(passesSubscriberCheck({ ...on, subscriptions: [] })).toBe(false);
  });

  it('counts any subscription that grants access, not only the newest', () => {
    const input = { billingEnabled: true, bypassExternalSubscriber: false, now, graceDays: 7 };
    const activeThenCanceled = [
      { status: 'Canceled', pastDueSince: null },
      { status: 'Active', pastDueSince: null },
    ];
    expect(passesSubscriberCheck({ ...input, subscriptions: activeThenCanceled })).toBe(true);
  });

  it("follows Stripe's lifecycle: trialing in, past due in for the grace period, the rest out", () => {
    expect(grantsAccess({ status: 'Trialing', pastDueSince: null }, now, 7)).toBe(true);
    expect(grantsAccess({ status: 'PastDue', pastDueSince: days(6.9) }, now, 7)).toBe(true);
    expect(grantsAccess({ status: 'PastDue', pastDueSince: days(7) }, now, 7)).toBe(false);
    expect(grantsAccess({ status: 'PastDue', pastDueSince: days(2) }, now, 1)).toBe(false);
    expect(grantsAccess({ status: 'PastDue', pastDueSince: null }, now, 7)).toBe(true);
    for (const status of ['Unpaid', 'Canceled', 'Incomplete', 'IncompleteExpired', 'Paused']) {
      expect(grantsAccess({ status, pastDueSince: null }, now, 7)).toBe(false);
    }
  });

  it("maps Stripe's statuses to the product's words", () => {
    expect(subscriptionStatusOf('active')).toBe('Active');
    expect(subscriptionStatusOf('past_due')).toBe('PastDue');
    expect(subscriptionStatusOf('canceled')).toBe('Canceled');
  });

  it('requires a display name of letters only, judged after trimming', () => {
    expect(agencyDisplayNameError('   ')).toBe(AGENCY_DISPLAY_NAME_MESSAGES.required);
    expect(agencyDisplayNameError('Acme 2')).toBe(AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly);
    // Decision 052: the punctuation real agency names have.
    expect(agencyDisplayNameError('Smith & Sons')).toBeNull();
    expect(agencyDisplayNameError("O'Brien-Hale Agency, Inc.")).toBeNull();
    expect(agencyDisplayNameError('St. Mary’s Insurance')).toBeNull();
    expect(agencyDisplayNameError('Acme-Insurance')).toBeNull();
    expect(agencyDisplayNameError('& Sons')).toBe(AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly);
    expect(agencyDisplayNameError('Acme  Insurance')).toBe(AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly);
    expect(agencyDisplayNameError('Acme <b>')).toBe(AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly);
    expect(agencyDisplayNameError('Acme @ Home')).toBe(AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly);
    expect(agencyDisplayNameError('  Acme Insurance  ')).toBeNull();
    expect(agencyDisplayNameError('Zoë')).toBeNull();
    expect(agencyDisplayNameError('a'.repeat(101))).toBe(AGENCY_DISPLAY_NAME_MESSAGES.tooLong);
  });

  it('labels the interval of a price', () => {
    expect(billedEveryLabel('month', 1)).toBe('per month');
    expect(billedEveryLabel('month', 3)).toBe('every 3 months');
  });
});
