import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { DEFAULT_STRIPE_BUDGET_MS, retryPauseMaxMs, stripeTimeouts, worstCaseMs } from './stripe-client.ts';

const env = {
  NODE_ENV: 'test',
  AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};

describe('the time a user waits for Stripe', () => {
  it('is at most 10 s by default, every attempt, pause and retry of the SDK included', () => {
    const config = loadConfig(env);
    expect(config.stripe?.timeoutMs).toBe(DEFAULT_STRIPE_BUDGET_MS);
    const timeouts = stripeTimeouts(config.stripe!.timeoutMs);
    expect(timeouts.budgetMs).toBeLessThanOrEqual(10_000);
    expect(worstCaseMs(timeouts)).toBeLessThanOrEqual(timeouts.budgetMs);
    // Each attempt still has time to be answered by a healthy Stripe.
    expect(timeouts.attemptMs).toBeGreaterThanOrEqual(4000);
    expect(timeouts.maxNetworkRetries).toBe(1);
  });

  it("counts the SDK's pauses as stripe-node computes them (0.5 s doubled, capped at 5 s)", () => {
    expect([0, 1, 2, 3, 5, 10].map(retryPauseMaxMs)).toEqual([500, 500, 1000, 2000, 5000, 5000]);
    // The former settings (20 s per attempt, 2 retries) made a user wait a minute.
    expect(worstCaseMs({ budgetMs: 0, attemptMs: 20_000, maxNetworkRetries: 2 })).toBe(61_000);
  });

  it('fits any configured budget, and the configuration refuses one over 10 s', () => {
    for (const budgetMs of [1000, 2500, 7000, 10_000]) {
      const timeouts = stripeTimeouts(budgetMs);
      expect(timeouts.attemptMs).toBeGreaterThan(0);
      expect(worstCaseMs(timeouts)).toBeLessThanOrEqual(budgetMs);
    }
    expect(loadConfig({ ...env, STRIPE_TIMEOUT_MS: '3000' }).stripe?.timeoutMs).toBe(3000);
    expect(() => loadConfig({ ...env, STRIPE_TIMEOUT_MS: '20000' })).toThrow(/STRIPE_TIMEOUT_MS/);
  });
});
