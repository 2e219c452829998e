import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  checkoutSessionResponseSchema,
  subscriptionProductsResponseSchema,
} from '#shared/contracts/subscription.ts';
import { userResponseSchema } from '#shared/contracts/user.ts';
import { CHECKOUT_ROLES_MESSAGE, SUBSCRIPTION_REQUIRED_MESSAGE } from '#shared/domain/subscription.ts';
import { accessRecords, productFeatures, subscriberFeatures } from '#server/db/schema/access.ts';
import { checkoutSessions } from '#server/db/schema/billing.ts';
import { subscribers, subscriptions } from '#server/db/schema/tenancy.ts';
import { buildAgency, buildUser } from '#tests/support/factories.ts';
import { startFakeStripe, type FakeStripe } from '#tests/support/fake-stripe.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

/**
 * The subscription gate on the server (decision 040): with billing on, an agency that is neither
 * bypassed nor in good standing gets 402 from every data, export, embed and write route, whatever the
 * browser does; staff and network users are not gated by an agency's subscription.
 */

const SITE = 'http://localhost:3000';
const PERIOD = 'startDate=2026-01-01&endDate=2026-10-31';
const DAY_MS = 24 * 60 * 60 * 1000;

let fake: FakeStripe;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ stripe: billingOn() });
  off = await createTestApp();
});

afterAll(async () => {
  await t.close();
  await off.close();
  await fake.close();
});

/** Billing on, against the fake Stripe. */
const billingOn = () => ({
  secretKey: fake.secretKey,
  webhookSecret: fake.webhookSecret,
  api: { host: '127.0.0.1', port: Number(new URL(fake.url).port), protocol: 'http' as const },
});

type Standing = { status: string; pastDueSince?: Date | null; createdAt?: Date }[];

/** An agency with the given subscriptions (no bypass), its primary user and an owner, signed in. */
async function agencyWith(app: TestApp, standing: Standing, bypass = false) {
  const db = app.database.db;
  const agency = await buildAgency(db, { bypassExternalSubscriber: bypass, subscriptionStatus: 'Canceled' });
  await db.delete(subscriptions).where(eq(subscriptions.agencyUuid, agency.uuid));
  for (const [index, s] of standing.entries()) {
    await db.insert(subscriptions).values({
      agencyUuid: agency.uuid,
      subscriberUuid: agency.subscriber.uuid,
      planName: 'Understanding Pro',
      status: s.status,
      pastDueSince: s.pastDueSince ?? null,
      createdAt: s.createdAt ?? new Date(Date.now() - (standing.length - index) * 1000),
    });
  }
  // Carrier Production is one of the agency's features, so only the subscription can refuse it.
  await db
    .insert(productFeatures)
    .values({ key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext', isLive: true })
    .onConflictDoNothing();
  await db.insert(subscriberFeatures).values({ agencyUuid: agency.uuid, externalId: 'cpr-ext' });
  const primary = await buildUser(db, { agencyUuid: agency.uuid, networkUuid: agency.networkUuid });
  const owner = await buildUser(db, {
    agencyUuid: agency.uuid,
    networkUuid: agency.networkUuid,
    isOwner: true,
  });
  const colleague = await buildUser(db, { agencyUuid: agency.uuid, networkUuid: agency.networkUuid });
  await db
    .update(subscribers)
    .set({ primaryUserUuid: primary.id })
    .where(eq(subscribers.uuid, agency.subscriber.uuid));
  return {
    agency,
    primary: await signIn(app.app, primary.email),
    owner: await signIn(app.app, owner.email),
    colleague: await signIn(app.app, colleague.email),
  };
}

/** Calls a user of the agency reaches: a report, an export, an embed, a write. */
function dataCalls(agencyUuid: string) {
  return [
    ['GET', `/api/core-production/by-carrier?levelUuid=${agencyUuid}&${PERIOD}`],
    ['GET', `/api/core-production/agency/export?levelUuid=${agencyUuid}&${PERIOD}`],
    ['GET', `/api/scorecards/by-agency?levelUuid=${agencyUuid}`],
    ['POST', '/api/sigma/embed', { workbookId: randomUUID(), subscriberUuid: randomUUID() }],
    ['GET', `/api/agency/users?levelUuid=${agencyUuid}`],
    ['POST', '/api/imports', {}],
  ] as const;
}

async function statusOf(app: TestApp, cookie: string, call: ReturnType<typeof dataCalls>[number]) {
  const [method, url, body] = call;
  return injectAs(app.app, cookie, method, url, body);
}

async function userOf(app: TestApp, cookie: string) {
  return userResponseSchema.parse((await injectAs(app.app, cookie, 'GET', '/api/user')).json()).user;
}

describe('the subscription gate', () => {
  it("refuses a lapsed agency's users on every data, export, embed and write route with 402", async () => {
    const lapsed = await agencyWith(t, [{ status: 'Canceled' }]);
    for (const cookie of [lapsed.primary, lapsed.owner, lapsed.colleague]) {
      for (const call of dataCalls(lapsed.agency.uuid)) {
        const response = await statusOf(t, cookie, call);
        expect(response.statusCode, `${call[0]} ${call[1]}: ${response.body}`).toBe(402);
        const body = errorResponseSchema.parse(response.json());
        expect(body.error).toMatchObject({
          code: 'payment_required',
          message: SUBSCRIPTION_REQUIRED_MESSAGE,
        });
        expect(body.referenceId).toBeTruthy();
      }
    }
    // What the browser needs to send the user to the subscription page and let them pay stays open.
    expect((await userOf(t, lapsed.primary)).bypassExternalSubscriber).toBe(false);
    for (const url of ['/api/subscription/products', '/api/features', '/api/mfa/status']) {
      const response = await injectAs(t.app, lapsed.primary, 'GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  });

  it('lets the same agency in when billing is off or staff bypassed it', async () => {
    const withBillingOff = await agencyWith(off, [{ status: 'Canceled' }]);
    const bypassed = await agencyWith(t, [{ status: 'Canceled' }], true);
    for (const [app, who] of [
      [off, withBillingOff],
      [t, bypassed],
    ] as const) {
      const response = await statusOf(app, who.colleague, dataCalls(who.agency.uuid)[0]);
      expect(response.statusCode, response.body).toBe(200);
      expect((await userOf(app, who.colleague)).bypassExternalSubscriber).toBe(true);
    }
  });

  it("does not gate staff or network users by an agency's subscription", async () => {
    const lapsed = await agencyWith(t, [{ status: 'Canceled' }]);
    const staff = await buildUser(t.database.db, { userType: 'internal' });
    const network = await buildUser(t.database.db, {
      userType: 'network',
      networkUuid: lapsed.agency.networkUuid,
    });
    await t.database.db
      .insert(accessRecords)
      .values({ userId: network.id, productComponentKey: 'cpr', denyAccess: false });
    for (const person of [staff, network]) {
      const cookie = await signIn(t.app, person.email);
      const response = await statusOf(t, cookie, dataCalls(lapsed.agency.uuid)[0]);
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});

describe("access follows Stripe's lifecycle, from any of the agency's subscriptions", () => {
  const cases: [string, Standing, boolean][] = [
    [
      'an active subscription beside a newer canceled duplicate',
      [{ status: 'Active' }, { status: 'Canceled' }],
      true,
    ],
    ['a trialing subscription', [{ status: 'Trialing' }], true],
    [
      'a payment failed two days ago (within the 7-day grace)',
      [{ status: 'PastDue', pastDueSince: new Date(Date.now() - 2 * DAY_MS) }],
      true,
    ],
    [
      'a payment failed eight days ago (past the grace)',
      [{ status: 'PastDue', pastDueSince: new Date(Date.now() - 8 * DAY_MS) }],
      false,
    ],
    ['an unpaid subscription', [{ status: 'Unpaid' }], false],
    ['an incomplete checkout', [{ status: 'Incomplete' }], false],
  ];
  for (const [name, standing, allowed] of cases) {
    it(`${allowed ? 'lets in' : 'refuses'} ${name}`, async () => {
      const who = await agencyWith(t, standing);
      const response = await statusOf(t, who.colleague, dataCalls(who.agency.uuid)[0]);
      expect(response.statusCode, response.body).toBe(allowed ? 200 : 402);
      const user = await userOf(t, who.colleague);
      expect(user.bypassExternalSubscriber).toBe(allowed);
      // The subscription that counts is listed first, for the browser's /no-subscription page.
      if (allowed)
        expect(user.subscriptions[0]?.status).toBe(standing.find((s) => s.status !== 'Canceled')!.status);
    });
  }

  it('honours a configured grace period', async () => {
    const strict = await createTestApp({ stripe: billingOn(), subscriptionGraceDays: 1 });
    try {
      const who = await agencyWith(strict, [
        { status: 'PastDue', pastDueSince: new Date(Date.now() - 2 * DAY_MS) },
      ]);
      expect((await statusOf(strict, who.colleague, dataCalls(who.agency.uuid)[0])).statusCode).toBe(402);
    } finally {
      await strict.close();
    }
  });
});

async function firstPrices(cookie: string) {
  const response = await injectAs(t.app, cookie, 'GET', '/api/subscription/products');
  const { products } = subscriptionProductsResponseSchema.parse(response.json());
  return products.flatMap((p) => p.prices.map((price) => price.id));
}

function checkout(cookie: string, priceId: string, requestId: string = randomUUID()) {
  return injectAs(t.app, cookie, 'POST', '/api/stripe/create-checkout-session', {
    priceId,
    successUrl: SITE,
    cancelUrl: `${SITE}/no-subscription`,
    requestId,
  });
}

const sessionsOf = (customer: string) =>
  [...fake.checkoutSessions.values()].filter((s) => s.customer === customer);

describe('one checkout per agency', () => {
  it('answers two concurrent checkouts of the same price with one session', async () => {
    const lapsed = await agencyWith(t, [{ status: 'Canceled' }]);
    const [priceId] = await firstPrices(lapsed.primary);
    const before = fake.checkoutSessions.size;
    const answers = await Promise.all([checkout(lapsed.primary, priceId!), checkout(lapsed.owner, priceId!)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const [first, second] = answers.map(
      (a) => checkoutSessionResponseSchema.parse(a.json()).checkoutSessionUrl,
    );
    expect(second).toBe(first);
    expect(fake.checkoutSessions.size).toBe(before + 1);
    // A third tab, later, gets the same open session too.
    const later = await checkout(lapsed.owner, priceId!);
    expect(checkoutSessionResponseSchema.parse(later.json()).checkoutSessionUrl).toBe(first);
    expect(fake.checkoutSessions.size).toBe(before + 1);
  });

  it('expires the open session at Stripe when another price is chosen, so only one can be paid', async () => {
    const lapsed = await agencyWith(t, [{ status: 'Canceled' }]);
    const [monthly, other] = await firstPrices(lapsed.primary);
    const first = checkoutSessionResponseSchema.parse((await checkout(lapsed.primary, monthly!)).json());
    const second = checkoutSessionResponseSchema.parse((await checkout(lapsed.owner, other!)).json());
    expect(second.checkoutSessionUrl).not.toBe(first.checkoutSessionUrl);
    const firstId = first.checkoutSessionUrl.split('/').at(-1)!;
    const customer = fake.checkoutSessions.get(firstId)!.customer as string;
    expect(sessionsOf(customer).map((s) => s.status)).toEqual(['expired', 'open']);
    const [row] = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.agencyUuid, lapsed.agency.uuid));
    expect(row?.url).toBe(second.checkoutSessionUrl);
  });

  it('starts a new session once the stored one was paid, and refuses one while a subscription grants access', async () => {
    const lapsed = await agencyWith(t, [{ status: 'Canceled' }]);
    const [priceId] = await firstPrices(lapsed.primary);
    const url = checkoutSessionResponseSchema.parse(
      (await checkout(lapsed.primary, priceId!)).json(),
    ).checkoutSessionUrl;
    const events = fake.completeCheckout(url.split('/').at(-1)!);
    for (const event of events) {
      const payload = JSON.stringify(event);
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
        payload,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    // Paid: the data is served, and a second checkout is refused rather than billing twice.
    expect((await statusOf(t, lapsed.colleague, dataCalls(lapsed.agency.uuid)[0])).statusCode).toBe(200);
    const again = await checkout(lapsed.owner, priceId!);
    expect(again.statusCode).toBe(409);
    expect(errorResponseSchema.parse(again.json()).error.message).toMatch(/already has a subscription/);

    // Cancelled at Stripe later: a new checkout is a new session, not the paid one.
    const subscriptionId = (events[1]!.data.object as { id: string }).id;
    const deleted = fake.setSubscriptionStatus(subscriptionId, 'canceled');
    const payload = JSON.stringify(deleted);
    await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
      payload,
    });
    const renewed = await checkout(lapsed.primary, priceId!);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(checkoutSessionResponseSchema.parse(renewed.json()).checkoutSessionUrl).not.toBe(url);
  });

  it("lets the primary user and the agency's administrators start a checkout, and no other user", async () => {
    const lapsed = await agencyWith(t, [{ status: 'Canceled' }]);
    const [priceId] = await firstPrices(lapsed.primary);
    const refused = await checkout(lapsed.colleague, priceId!);
    expect(refused.statusCode).toBe(403);
    expect(errorResponseSchema.parse(refused.json()).error.message).toBe(CHECKOUT_ROLES_MESSAGE);
    expect((await checkout(lapsed.owner, priceId!)).statusCode).toBe(200);
    expect((await checkout(lapsed.primary, priceId!)).statusCode).toBe(200);
  });
});
