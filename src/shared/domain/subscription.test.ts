import { describe, expect, it } from 'vitest';
import {
  AGENCY_DISPLAY_NAME_MESSAGES,
  agencyDisplayNameError,
  billedEveryLabel,
  passesSubscriberCheck,
  subscriptionStatusOf,
} from './subscription.ts';

describe('subscription rules', () => {
  it('lets everyone in with billing off, and with billing on the bypassed or Active', () => {
    const off = { billingEnabled: false, bypassExternalSubscriber: false, latestStatus: 'Canceled' };
    expect(passesSubscriberCheck(off)).toBe(true);
    const on = { ...off, billingEnabled: true };
    expect(passesSubscriberCheck(on)).toBe(false);
    expect(passesSubscriberCheck({ ...on, bypassExternalSubscriber: true })).toBe(true);
    expect(passesSubscriberCheck({ ...on, latestStatus: 'Active' })).toBe(true);
    expect(passesSubscriberCheck({ ...on, latestStatus: null })).toBe(false);
  });

  it("maps Stripe's statuses to the product's words", () => {
    expect(subscriptionStatusOf('active')).toBe('Active');
    expect(subscriptionStatusOf('past_due')).toBe('PastDue');
    expect(subscriptionStatusOf('canceled')).toBe('Canceled');
  });

  it('requires a display name of letters only, judged after trimming', () => {
    expect(agencyDisplayNameError('   ')).toBe(AGENCY_DISPLAY_NAME_MESSAGES.required);
    expect(agencyDisplayNameError('Acme 2')).toBe(AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly);
    expect(agencyDisplayNameError('Acme-Insurance')).toBe(AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly);
    expect(agencyDisplayNameError('  Acme Insurance  ')).toBeNull();
    expect(agencyDisplayNameError('Zoë')).toBeNull();
    expect(agencyDisplayNameError('a'.repeat(101))).toBe(AGENCY_DISPLAY_NAME_MESSAGES.tooLong);
  });

  it('labels the interval of a price', () => {
    expect(billedEveryLabel('month', 1)).toBe('per month');
    expect(billedEveryLabel('month', 3)).toBe('every 3 months');
  });
});
