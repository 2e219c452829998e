import Stripe from 'stripe';
import type { StripeConfig } from '#server/config.ts';

/**
 * The Stripe API version this code is written against (docs/decisions/012). Pinned, so a change of
 * the account's default version in Stripe's dashboard cannot change the shapes we read.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** The longest a user waits for Stripe in one request, unless STRIPE_TIMEOUT_MS says less. */
export const DEFAULT_STRIPE_BUDGET_MS = 10_000;

/**
 * The SDK's longest pause before its retry number `retry` (0 for the first): stripe-node waits
 * 0.5 s doubled per retry, capped at 5 s, with jitter below that and never less than 0.5 s.
 */
export function retryPauseMaxMs(retry: number): number {
  return Math.max(500, Math.min(500 * 2 ** (retry - 1), 5000));
}

/**
 * How the SDK spends a request's budget: one retry (Stripe's advice for lost connections and its
 * 5xx, safe under our idempotency keys) and each attempt's timeout sized so that two attempts and
 * the pause between them fit in the budget. stripe-node retries a closed connection once even with
 * retries off, so one retry is counted whatever the setting.
 */
export type StripeTimeouts = { budgetMs: number; attemptMs: number; maxNetworkRetries: number };

export function stripeTimeouts(budgetMs: number = DEFAULT_STRIPE_BUDGET_MS): StripeTimeouts {
  const maxNetworkRetries = 1;
  const attemptMs = Math.floor((budgetMs - retryPauseMaxMs(0)) / (maxNetworkRetries + 1));
  return { budgetMs, attemptMs, maxNetworkRetries };
}

/** The SDK's worst case for one call: every attempt timing out, with the longest pauses between. */
export function worstCaseMs({ attemptMs, maxNetworkRetries }: StripeTimeouts): number {
  const retries = Math.max(maxNetworkRetries, 1);
  let total = attemptMs * (retries + 1);
  for (let retry = 0; retry < retries; retry += 1) total += retryPauseMaxMs(retry);
  return total;
}

/** The official SDK for the configured account; `api` points it at a local fake in tests. */
export function createStripeClient(config: StripeConfig, timeouts: StripeTimeouts): Stripe {
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: timeouts.maxNetworkRetries,
    timeout: timeouts.attemptMs,
    telemetry: false,
    appInfo: { name: 'Understanding' },
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });
}

/** Billing, when this server has Stripe keys: the SDK, the webhook signing secret and the time budget. */
export type Billing = { stripe: Stripe; webhookSecret: string; timeouts: StripeTimeouts };

export function createBilling(config: StripeConfig | null): Billing | null {
  if (!config) return null;
  const timeouts = stripeTimeouts(config.timeoutMs);
  return { stripe: createStripeClient(config, timeouts), webhookSecret: config.webhookSecret, timeouts };
}
