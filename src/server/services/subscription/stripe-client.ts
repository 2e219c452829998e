import Stripe from 'stripe';
import type { StripeConfig } from '#server/config.ts';

/**
 * The Stripe API version this code is written against (docs/decisions/012). Pinned, so a change of
 * the account's default version in Stripe's dashboard cannot change the shapes we read.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** The official SDK for the configured account; `api` points it at a local fake in tests. */
export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Understanding' },
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });
}

/** Billing, when this server has Stripe keys: the SDK and the webhook signing secret. */
export type Billing = { stripe: Stripe; webhookSecret: string };

export function createBilling(config: StripeConfig | null): Billing | null {
  return config ? { stripe: createStripeClient(config), webhookSecret: config.webhookSecret } : null;
}
