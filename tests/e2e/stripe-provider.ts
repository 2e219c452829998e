import { startFakeStripe } from '../support/fake-stripe.ts';

/**
 * Playwright global setup: the fake Stripe API (tests/support/fake-stripe.ts) on `E2E_STRIPE_PORT`,
 * which the app's Stripe SDK is pointed at (playwright.config.ts). Its hosted checkout page completes
 * the session, delivers the signed events to the app's webhook and redirects to the success URL.
 */
export default async function startStripeProvider() {
  const stripe = await startFakeStripe({
    port: Number(process.env.E2E_STRIPE_PORT),
    webhookUrl: `${process.env.E2E_BASE_URL}/api/stripe/webhook`,
  });
  return async () => {
    await stripe.close();
  };
}
