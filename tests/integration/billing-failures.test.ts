import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  checkoutSessionResponseSchema,
  subscriptionProductsResponseSchema,
} from '#shared/contracts/subscription.ts';
import { PAYMENTS_UNAVAILABLE_MESSAGE } from '#shared/domain/subscription.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig, type StripeConfig } from '#server/config.ts';
import { auditLog } from '#server/db/schema/auth.ts';
import { stripeCustomers, stripeEvents, subscriptionPrices } from '#server/db/schema/billing.ts';
import { subscribers, subscriptions } from '#server/db/schema/tenancy.ts';
import { CUSTOMER_GONE_MESSAGE } from '#server/services/subscription/checkout-service.ts';
import { buildAgency, buildUser } from '#tests/support/factories.ts';
import { startFakeStripe, type FakeStripe } from '#tests/support/fake-stripe.ts';
import { createTestDatabase } from '#tests/support/test-database.ts';
import { injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

/**
 * Stripe failing us, against the fake: what users read (our messages, never Stripe's), how long
 * they wait, what staff find in the log, and how a customer deleted in Stripe is recovered.
 */

const SITE = 'http://localhost:3000';
/** The budget of the app that meets a Stripe that never answers: small, so the test is quick. */
const QUICK_BUDGET_MS = 1000;

type LogLine = {
  level: number;
  msg: string;
  reqId?: string;
  referenceId?: string;
  stripe?: Record<string, unknown>;
};

let fake: FakeStripe;
let t: TestApp;
let quick: TestApp;
const logs: LogLine[] = [];

/** The real application, logging to `logs` (JSON lines as in production). */
async function billingApp(stripe: StripeConfig): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: SITE,
  });
  const app = await buildApp({
    config: { ...config, stripe },
    database,
    logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line) as LogLine) } },
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** An agency with no subscription and its primary user, signed in. */
async function lapsedAgency(app: TestApp = t) {
  const agency = await buildAgency(app.database.db, {
    bypassExternalSubscriber: false,
    subscriptionStatus: 'Canceled',
  });
  const primary = await buildUser(app.database.db, {
    agencyUuid: agency.uuid,
    networkUuid: agency.networkUuid,
    isOwner: true,
  });
  await app.database.db
    .update(subscribers)
    .set({ primaryUserUuid: primary.id })
    .where(eq(subscribers.uuid, agency.subscriber.uuid));
  return { agency, cookie: await signIn(app.app, primary.email) };
}

async function priceIds(app: TestApp = t) {
  const response = await app.app.inject({ method: 'GET', url: '/api/subscription/products' });
  const { products } = subscriptionProductsResponseSchema.parse(response.json());
  return Object.fromEntries(
    products.flatMap((p) => p.prices).map((price) => [price.name, price.id]),
  ) as Record<string, string>;
}

function checkout(cookie: string, priceId: string, app: TestApp = t) {
  return injectAs(app.app, cookie, 'POST', '/api/stripe/create-checkout-session', {
    priceId,
    successUrl: SITE,
    cancelUrl: `${SITE}/no-subscription`,
    requestId: randomUUID(),
  });
}

function manage(cookie: string, subscriberUuid: string) {
  return injectAs(t.app, cookie, 'POST', '/api/subscription/by-subscriber', {
    subscriberUuid,
    successUrl: `${SITE}/my-subscription`,
    cancelUrl: `${SITE}/my-subscription`,
  });
}

function postEvent(payload: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': fake.sign(payload) },
    payload,
  });
}

/** The customer a checkout answer's session was made for. */
function customerOfSession(response: { json: () => unknown }): string {
  const { checkoutSessionUrl } = checkoutSessionResponseSchema.parse(response.json());
  return fake.checkoutSessions.get(checkoutSessionUrl.split('/').at(-1)!)!.customer as string;
}

async function storedCustomer(agencyUuid: string) {
  const [row] = await t.database.db
    .select()
    .from(stripeCustomers)
    .where(eq(stripeCustomers.agencyUuid, agencyUuid));
  return row?.customerId ?? null;
}

/** The answer is ours: the mapped status and message, and nothing of Stripe's wording or ids. */
function expectPaymentsUnavailable(
  response: { statusCode: number; body: string; json: () => unknown },
  status: number,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorResponseSchema.parse(response.json());
  expect(body.error.message).toBe(PAYMENTS_UNAVAILABLE_MESSAGE);
  expect(response.body).not.toMatch(/stripe\.com|Invalid API Key|sk_test|req_|rate limit|No such|txr_/i);
  return body;
}

beforeAll(async () => {
  fake = await startFakeStripe();
  const api = { host: '127.0.0.1', port: Number(new URL(fake.url).port), protocol: 'http' as const };
  const keys = { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, api };
  t = await billingApp(keys);
  quick = await billingApp({ ...keys, timeoutMs: QUICK_BUDGET_MS });
});

afterEach(() => {
  fake.repairApi();
  fake.restoreKey();
});

afterAll(async () => {
  await t.close();
  await quick.close();
  await fake.close();
});

describe("Stripe's failures, as users read them", () => {
  it("a rotated key (Stripe 401) answers 503 with our message, not a sign-in, and logs Stripe's details with the reference id", async () => {
    const { agency, cookie } = await lapsedAgency();
    const prices = await priceIds();
    // A customer exists, so Manage reaches Stripe too.
    expect((await checkout(cookie, prices['Essentials monthly']!)).statusCode).toBe(200);

    fake.rotateKey();
    const refused = await checkout(cookie, prices['Pro monthly']!);
    const body = expectPaymentsUnavailable(refused, 503);
    const line = logs.find((l) => l.referenceId === body.referenceId && l.msg === 'Stripe call failed');
    expect(line).toMatchObject({
      level: 50,
      reqId: body.referenceId,
      stripe: { type: 'StripeAuthenticationError', statusCode: 401 },
    });
    expect(line?.stripe?.requestId).toMatch(/^req_/);
    // Manage: a 401 would open the session-expired modal.
    expectPaymentsUnavailable(await manage(cookie, agency.subscriber.uuid), 503);
    // The subscription page still offers the stored products.
    const products = await t.app.inject({ method: 'GET', url: '/api/subscription/products' });
    expect(products.statusCode).toBe(200);
  });

  it('a Stripe that never answers gives the mapped error within the budget, not a 500 a minute later', async () => {
    const { cookie } = await lapsedAgency(quick);
    const prices = await priceIds(quick);
    fake.breakApi('hang');
    const started = Date.now();
    const response = await checkout(cookie, prices['Pro yearly']!, quick);
    const waited = Date.now() - started;
    expectPaymentsUnavailable(response, 503);
    expect(waited).toBeGreaterThanOrEqual(QUICK_BUDGET_MS - 50);
    expect(waited).toBeLessThan(QUICK_BUDGET_MS + 3000);
  }, 20_000);

  it("Stripe's rate limits, refusals and 5xx never reach the user in Stripe's words", async () => {
    const { cookie } = await lapsedAgency();
    const prices = await priceIds();
    const cases = [
      {
        failure: {
          status: 429,
          type: 'invalid_request_error',
          code: 'rate_limit',
          message:
            'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
        },
        status: 503,
      },
      {
        failure: {
          status: 400,
          type: 'invalid_request_error',
          param: 'automatic_tax',
          message:
            "No such tax rate: 'txr_1Q2w3E4r5T6y'; see https://dashboard.stripe.com/test/logs/req_q1w2e3",
        },
        status: 502,
      },
      {
        failure: { status: 500, type: 'api_error', message: 'Something went wrong on Stripe (req_abc123).' },
        status: 502,
      },
      {
        failure: {
          status: 403,
          type: 'invalid_request_error',
          message: 'The provided key sk_test_****Key does not have access.',
        },
        status: 503,
      },
    ];
    for (const { failure, status } of cases) {
      fake.breakApi(failure, '/v1/checkout/');
      expectPaymentsUnavailable(await checkout(cookie, prices['Pro monthly']!), status);
      fake.repairApi();
    }
  });

  it('a price archived in Stripe since the last sync is "not on offer", and offered no more', async () => {
    const { cookie } = await lapsedAgency();
    const prices = await priceIds();
    fake.setPriceActive('price_fake_pro_year', false);
    try {
      const refused = await checkout(cookie, prices['Pro yearly']!);
      expect(refused.statusCode, refused.body).toBe(404);
      expect(errorResponseSchema.parse(refused.json()).error).toMatchObject({
        message: 'This price is not on offer.',
        fields: { priceId: 'Choose a price on offer' },
      });
      const [row] = await t.database.db
        .select({ active: subscriptionPrices.active })
        .from(subscriptionPrices)
        .where(eq(subscriptionPrices.stripePriceId, 'price_fake_pro_year'));
      expect(row?.active).toBe(false);
    } finally {
      fake.setPriceActive('price_fake_pro_year', true);
      await t.database.db
        .update(subscriptionPrices)
        .set({ active: true })
        .where(eq(subscriptionPrices.stripePriceId, 'price_fake_pro_year'));
    }
  });
});

describe('a customer deleted in Stripe', () => {
  it('is replaced at checkout under a new idempotency key, and the new id is stored', async () => {
    const { agency, cookie } = await lapsedAgency();
    const prices = await priceIds();
    const first = await checkout(cookie, prices['Essentials monthly']!);
    const deleted = customerOfSession(first);
    expect(await storedCustomer(agency.uuid)).toBe(deleted);

    fake.deleteCustomer(deleted);
    const again = await checkout(cookie, prices['Essentials monthly']!);
    expect(again.statusCode, again.body).toBe(200);
    const replacement = customerOfSession(again);
    expect(replacement).not.toBe(deleted);
    expect(fake.customers.get(replacement)).toMatchObject({ metadata: { agencyUuid: agency.uuid } });
    expect(await storedCustomer(agency.uuid)).toBe(replacement);
    // Later checkouts keep the replacement.
    expect(customerOfSession(await checkout(cookie, prices['Pro monthly']!))).toBe(replacement);
  });

  it('makes Manage say so and forget it; the next checkout makes a new customer', async () => {
    const { agency, cookie } = await lapsedAgency();
    const prices = await priceIds();
    const deleted = customerOfSession(await checkout(cookie, prices['Pro monthly']!));
    fake.deleteCustomer(deleted);

    const refused = await manage(cookie, agency.subscriber.uuid);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorResponseSchema.parse(refused.json()).error.message).toBe(CUSTOMER_GONE_MESSAGE);
    expect(refused.body).not.toMatch(/No such customer|cus_/);
    expect(await storedCustomer(agency.uuid)).toBeNull();

    // Stripe answers the agency's first customer key with the deleted customer: it is replaced too.
    const paid = await checkout(cookie, prices['Pro monthly']!);
    expect(paid.statusCode, paid.body).toBe(200);
    const replacement = customerOfSession(paid);
    expect(replacement).not.toBe(deleted);
    expect(await storedCustomer(agency.uuid)).toBe(replacement);
  });
});

describe('webhooks Stripe sends us', () => {
  const storedEvent = async (eventId: string) =>
    t.database.db.select().from(stripeEvents).where(eq(stripeEvents.eventId, eventId));

  it('acknowledges an event about a subscription Stripe does not know, keeping only its id', async () => {
    const subscriptionsBefore = (await t.database.db.select().from(subscriptions)).length;
    const auditsBefore = (await t.database.db.select().from(auditLog)).length;
    const event = fake.event('customer.subscription.updated', {
      id: 'sub_unknownToStripe',
      object: 'subscription',
      customer: 'cus_unknown',
      status: 'active',
      metadata: {},
    });
    const response = await postEvent(JSON.stringify(event));
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedEvent(event.id)).toHaveLength(1);
    expect((await t.database.db.select().from(subscriptions)).length).toBe(subscriptionsBefore);
    expect((await t.database.db.select().from(auditLog)).length).toBe(auditsBefore);
    expect(logs).toContainEqual(
      expect.objectContaining({
        msg: 'Stripe event about an unknown subscription',
        subscriptionId: 'sub_unknownToStripe',
      }),
    );
  });

  it('answers 400 with the error shape to a signed body that is not a readable event, and stores nothing', async () => {
    const valid = fake.event('customer.subscription.updated', { id: 'sub_x', object: 'subscription' });
    const bodies: [string, RegExp][] = [
      ['{"id":"evt_noData","type":"invoice.paid"}', /not valid/],
      [JSON.stringify({ ...valid, id: 'evt_objectIsText', data: { object: 'sub_x' } }), /not valid/],
      [
        JSON.stringify({ ...valid, id: 'evt_idIsNumber', data: { object: { id: 42 } } }),
        /customer\.subscription\.updated/,
      ],
      [
        JSON.stringify(
          fake.event('invoice.paid', { id: 'in_x', parent: { subscription_details: { subscription: 7 } } }),
        ),
        /invoice\.paid/,
      ],
      ['null', /not valid/],
      ['{"id": "evt_cut', /JSON/],
    ];
    for (const [payload, message] of bodies) {
      const response = await postEvent(payload);
      expect(response.statusCode, `${payload}: ${response.body}`).toBe(400);
      expect(errorResponseSchema.parse(response.json()).error.message).toMatch(message);
    }
    for (const id of ['evt_noData', 'evt_objectIsText', 'evt_idIsNumber']) {
      expect(await storedEvent(id)).toEqual([]);
    }
  });

  it('answers 400 to a subscription whose metadata agencyUuid is not an agency id, and stores nothing', async () => {
    const subscription = {
      id: `sub_badMetadata${randomUUID().slice(0, 8)}`,
      object: 'subscription' as const,
      customer: 'cus_notOurs',
      status: 'active',
      created: Math.floor(Date.now() / 1000),
      metadata: { agencyUuid: "1'; drop table agencies; --" },
      cancel_at_period_end: false,
      items: { object: 'list' as const, data: [] },
    };
    fake.subscriptions.set(subscription.id, subscription);
    const event: Stripe.Event = fake.event('customer.subscription.updated', subscription);
    const response = await postEvent(JSON.stringify(event));
    expect(response.statusCode, response.body).toBe(400);
    expect(errorResponseSchema.parse(response.json()).error.fields).toHaveProperty('metadata.agencyUuid');
    expect(await storedEvent(event.id)).toEqual([]);
  });

  it('answers 503 while Stripe refuses our key, so Stripe sends the event again', async () => {
    const event = fake.event('customer.subscription.updated', {
      id: 'sub_whileRotated',
      object: 'subscription',
    });
    fake.rotateKey();
    expectPaymentsUnavailable(await postEvent(JSON.stringify(event)), 503);
    expect(await storedEvent(event.id)).toEqual([]);
  });
});
