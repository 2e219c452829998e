import { startFakeStripe } from '../support/fake-stripe.ts';
import { allSlots } from './slots.ts';

/**
 * Playwright global setup: for each slot (tests/e2e/slots.ts), the fake Stripe API
 * (tests/support/fake-stripe.ts) on its `stripePort`, which the app's Stripe SDK is pointed at (playwright.config.ts). Its hosted checkout page completes
 * the session, delivers the signed events to the app's webhook and redirects to the success URL.
 */
export default async function startStripeProvider() {
  const fakes = await Promise.all(
    allSlots().map((s) =>
      startFakeStripe({ port: s.stripePort, webhookUrl: `${s.baseURL}/api/stripe/webhook` }),
    ),
  );
  return async () => {
    await Promise.all(fakes.map((stripe) => stripe.close()));
  };
}
