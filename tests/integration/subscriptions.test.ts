import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  adminSubscribersResponseSchema,
  checkoutSessionResponseSchema,
  customerPortalResponseSchema,
  subscriberResponseSchema,
  subscriptionProductsResponseSchema,
  type SubscriptionProductsResponse,
} from '#shared/contracts/subscription.ts';
import { userResponseSchema } from '#shared/contracts/user.ts';
import { AGENCY_DISPLAY_NAME_MESSAGES, BILLING_OFF_MESSAGE } from '#shared/domain/subscription.ts';
import { auditLog } from '#server/db/schema/auth.ts';
import { stripeEvents } from '#server/db/schema/billing.ts';
import { subscribers, subscriptions } from '#server/db/schema/tenancy.ts';
import { STRIPE_API_VERSION } from '#server/services/subscription/stripe-client.ts';
import { buildAgency, buildSubscriptionProduct, buildUser } from '#tests/support/factories.ts';
import { startFakeStripe, type FakeStripe } from '#tests/support/fake-stripe.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

const SITE = 'http://localhost:3000';

let fake: FakeStripe;
let t: TestApp;
let off: TestApp;

type Agency = Awaited<ReturnType<typeof buildAgency>>;
type Person = Awaited<ReturnType<typeof buildUser>>;

/** An agency that has no active subscription and no bypass, with a primary user and a colleague. */
async function lapsedAgency(app: TestApp) {
  const agency = await buildAgency(app.database.db, {
    bypassExternalSubscriber: false,
    subscriptionStatus: 'Canceled',
  });
  const primary = await buildUser(app.database.db, {
    agencyUuid: agency.uuid,
    networkUuid: agency.networkUuid,
    isOwner: true,
  });
  const colleague = await buildUser(app.database.db, {
    agencyUuid: agency.uuid,
    networkUuid: agency.networkUuid,
  });
  await app.database.db
    .update(subscribers)
    .set({ primaryUserUuid: primary.id })
    .where(eq(subscribers.uuid, agency.subscriber.uuid));
  return {
    agency,
    primary,
    colleague,
    primaryCookie: await signIn(app.app, primary.email),
    colleagueCookie: await signIn(app.app, colleague.email),
  };
}

async function productsOf(app: TestApp, cookie: string): Promise<SubscriptionProductsResponse> {
  const response = await injectAs(app.app, cookie, 'GET', '/api/subscription/products');
  expect(response.statusCode, response.body).toBe(200);
  return subscriptionProductsResponseSchema.parse(response.json());
}

function checkout(cookie: string, priceId: string, requestId: string = randomUUID(), app: TestApp = t) {
  return injectAs(app.app, cookie, 'POST', '/api/stripe/create-checkout-session', {
    priceId,
    successUrl: SITE,
    cancelUrl: `${SITE}/no-subscription`,
    requestId,
  });
}

/** Posts an event to the webhook as Stripe does: the exact bytes, signed. */
function postEvent(event: Stripe.Event | string, signature?: string, app: TestApp = t) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  return app.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature ?? fake.sign(payload),
    },
    payload,
  });
}

async function currentUser(cookie: string) {
  return userResponseSchema.parse((await injectAs(t.app, cookie, 'GET', '/api/user')).json()).user;
}

async function latestStatus(agency: Agency) {
  const rows = await t.database.db
    .select({ status: subscriptions.status, stripeId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(eq(subscriptions.agencyUuid, agency.uuid));
  return rows.filter((r) => r.stripeId !== null).map((r) => r.status);
}

/** Checks out the agency's first price and returns the session the fake recorded. */
async function startCheckout(cookie: string) {
  const { products } = await productsOf(t, cookie);
  const response = await checkout(cookie, products[0]!.prices[0]!.id);
  expect(response.statusCode, response.body).toBe(200);
  const { checkoutSessionUrl } = checkoutSessionResponseSchema.parse(response.json());
  const sessionId = checkoutSessionUrl.split('/').at(-1)!;
  return fake.checkoutSessions.get(sessionId)!;
}

beforeAll(async () => {
  fake = await startFakeStripe();
  const port = Number(new URL(fake.url).port);
  t = await createTestApp({
    stripe: {
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      api: { host: '127.0.0.1', port, protocol: 'http' },
    },
  });
  off = await createTestApp();
});

afterAll(async () => {
  await t.close();
  await off.close();
  await fake.close();
});

describe('products and checkout (billing on)', () => {
  it("answers Stripe's products and prices, synced into the database, with exact amounts", async () => {
    const { primaryCookie } = await lapsedAgency(t);
    const { products, billingEnabled } = await productsOf(t, primaryCookie);
    expect(billingEnabled).toBe(true);
    expect(products.map((p) => p.name)).toEqual(['Understanding Essentials', 'Understanding Pro']);
    const pro = products[1]!;
    expect(pro.prices.map((p) => [p.amount, p.billedEvery, p.ribbon])).toEqual([
      [299, 'per month', null],
      [2990, 'per year', 'Best value'],
    ]);
    expect(pro.prices[0]!.features).toEqual([
      'Everything in Essentials',
      'Scorecards and planning',
      'Embedded dashboards',
    ]);
    // Stripe was read with the pinned API version.
    expect(fake.requests.find((r) => r.path === '/v1/products')?.stripeVersion).toBe(STRIPE_API_VERSION);
  });

  it("creates a subscription Checkout Session for the caller's agency and price, idempotent on retry", async () => {
    const { agency, primaryCookie } = await lapsedAgency(t);
    const { products } = await productsOf(t, primaryCookie);
    const price = products[1]!.prices[1]!;
    const requestId = randomUUID();
    const before = fake.checkoutSessions.size;

    const first = await checkout(primaryCookie, price.id, requestId);
    expect(first.statusCode, first.body).toBe(200);
    const retry = await checkout(primaryCookie, price.id, requestId);
    expect(retry.json()).toEqual(first.json());
    expect(fake.checkoutSessions.size).toBe(before + 1);

    const session = [...fake.checkoutSessions.values()].at(-1)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: agency.uuid,
      line_items: [{ price: 'price_fake_pro_year', quantity: '1' }],
      success_url: `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/cancel?returnTo=${encodeURIComponent('/no-subscription')}`,
      subscription_data: { metadata: { agencyUuid: agency.uuid } },
    });
    expect(fake.customers.get(session.customer as string)?.metadata).toMatchObject({
      agencyUuid: agency.uuid,
    });
    // Every create call carries an idempotency key.
    const creates = fake.requests.filter((r) => r.method === 'POST');
    expect(creates.length).toBeGreaterThan(0);
    expect(creates.every((r) => r.idempotencyKey)).toBe(true);

    // The same request id for another price is refused, not a second session.
    const other = await checkout(primaryCookie, products[0]!.prices[0]!.id, requestId);
    expect(other.statusCode).toBe(409);
    expect(fake.checkoutSessions.size).toBe(before + 1);
  });

  it('refuses return addresses of other sites, unknown prices, and callers who are not agency users', async () => {
    const { primaryCookie } = await lapsedAgency(t);
    const { products } = await productsOf(t, primaryCookie);
    const priceId = products[0]!.prices[0]!.id;
    const elsewhere = await injectAs(t.app, primaryCookie, 'POST', '/api/stripe/create-checkout-session', {
      priceId,
      successUrl: 'https://evil.example',
      cancelUrl: `${SITE}/no-subscription`,
      requestId: randomUUID(),
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(errorResponseSchema.parse(elsewhere.json()).error.fields).toHaveProperty('successUrl');
    expect((await checkout(primaryCookie, randomUUID())).statusCode).toBe(404);

    const staff = await buildUser(t.database.db, { userType: 'internal' });
    const network = await buildUser(t.database.db, { userType: 'network' });
    for (const person of [staff, network]) {
      expect((await checkout(await signIn(t.app, person.email), priceId)).statusCode).toBe(403);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/stripe/create-checkout-session',
          payload: { priceId, successUrl: SITE, cancelUrl: SITE, requestId: randomUUID() },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('webhook', () => {
  it('refuses a bad or missing signature with 400 and stores nothing', async () => {
    const { primaryCookie } = await lapsedAgency(t);
    const session = await startCheckout(primaryCookie);
    const [completed] = fake.completeCheckout(session.id as string);
    const payload = JSON.stringify(completed);
    const forged = await postEvent(payload, fake.sign(payload, 'whsec_notTheSecret'));
    expect(forged.statusCode).toBe(400);
    expect(errorResponseSchema.parse(forged.json()).error.message).toMatch(/signature/);
    const tampered = await postEvent(payload.replace('"complete"', '"open"'), fake.sign(payload));
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    const stored = await t.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.eventId, completed!.id));
    expect(stored).toEqual([]);
  });

  it('lets the agency in after checkout, whatever order the events come in, and a replay is a no-op', async () => {
    const { agency, primaryCookie } = await lapsedAgency(t);
    expect((await currentUser(primaryCookie)).bypassExternalSubscriber).toBe(false);
    const session = await startCheckout(primaryCookie);
    const events = fake.completeCheckout(session.id as string);

    // invoice.paid first, checkout.session.completed last.
    for (const event of [...events].reverse()) expect((await postEvent(event)).statusCode).toBe(200);
    expect(await latestStatus(agency)).toEqual(['Active']);
    const user = await currentUser(primaryCookie);
    expect(user.subscriptions[0]?.status).toBe('Active');
    expect(user.bypassExternalSubscriber).toBe(true);

    const audits = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.agencyUuid, agency.uuid), like(auditLog.action, 'stripe.%')));
    const auditCount = (await audits()).length;
    expect(auditCount).toBe(3);
    // Replays of every event: accepted, nothing changes.
    for (const event of events) expect((await postEvent(event)).statusCode).toBe(200);
    expect((await audits()).length).toBe(auditCount);
  });

  it('a failed payment keeps the agency in for the grace period, then sends the users to /no-subscription, and a late stale event does not undo it', async () => {
    const { agency, primaryCookie, colleagueCookie } = await lapsedAgency(t);
    const session = await startCheckout(primaryCookie);
    const events = fake.completeCheckout(session.id as string);
    const [completed, created] = events;
    await postEvent(completed!);
    expect(await latestStatus(agency)).toEqual(['Active']);

    const subscriptionId = (created!.data.object as { id: string }).id;
    const failed = fake.setSubscriptionStatus(subscriptionId, 'past_due');
    expect(failed.type).toBe('invoice.payment_failed');
    expect((await postEvent(failed)).statusCode).toBe(200);
    expect(await latestStatus(agency)).toEqual(['PastDue']);
    // Stripe retries the card: the agency stays in for the grace period from the failure.
    const [row] = await t.database.db
      .select({ pastDueSince: subscriptions.pastDueSince })
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    expect(row?.pastDueSince?.getTime()).toBe(failed.created * 1000);
    expect((await currentUser(primaryCookie)).bypassExternalSubscriber).toBe(true);
    // Eight days later the grace (7 days by default) is over.
    await t.database.db
      .update(subscriptions)
      .set({ pastDueSince: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(subscriptions.agencyUuid, agency.uuid));
    for (const cookie of [primaryCookie, colleagueCookie]) {
      const user = await currentUser(cookie);
      // The client's gate sends a user who does not pass the check to /no-subscription.
      expect(user.bypassExternalSubscriber).toBe(false);
      expect(user.subscriptions[0]?.status).toBe('PastDue');
    }

    // customer.subscription.created (status active in its payload) arrives after the failure.
    expect((await postEvent(created!)).statusCode).toBe(200);
    expect(await latestStatus(agency)).toEqual(['PastDue']);

    // Cancelled in Stripe: the deletion event ends it.
    const deleted = fake.setSubscriptionStatus(subscriptionId, 'canceled');
    await postEvent(deleted);
    expect(await latestStatus(agency)).toEqual(['Canceled']);
  });

  it('answers 404 when billing is off', async () => {
    const payload = JSON.stringify(fake.event('invoice.paid', { id: 'in_x' }));
    expect((await postEvent(payload, fake.sign(payload), off)).statusCode).toBe(404);
  });
});

describe('the primary user manages the subscription', () => {
  it('answers the subscriber with its primary user as adminUser', async () => {
    const { agency, primary, colleagueCookie } = await lapsedAgency(t);
    const response = await injectAs(
      t.app,
      colleagueCookie,
      'GET',
      `/api/subscription/subscribers?subscriberUuid=${agency.subscriber.uuid}`,
    );
    expect(subscriberResponseSchema.parse(response.json())).toMatchObject({
      subscriber: { uuid: agency.subscriber.uuid, bypassExternalSubscriber: false, billingEnabled: true },
      subscription: { planName: 'Understanding Pro', status: 'Canceled' },
      adminUser: {
        uuid: primary.id,
        firstName: primary.firstName,
        lastName: primary.lastName,
        emailAddress: primary.email,
      },
    });
  });

  it('lets only the primary user rename the agency, with an audit row; others and other agencies get 403', async () => {
    const home = await lapsedAgency(t);
    const other = await lapsedAgency(t);
    const rename = (cookie: string, displayName: string, subscriberUuid = home.agency.subscriber.uuid) =>
      injectAs(t.app, cookie, 'PUT', '/api/subscription/agency-name', { subscriberUuid, displayName });

    expect((await rename(home.colleagueCookie, 'Colleague Agency')).statusCode).toBe(403);
    expect((await rename(other.primaryCookie, 'Takeover Agency')).statusCode).toBe(403);
    const blank = await rename(home.primaryCookie, '   ');
    expect(blank.statusCode).toBe(400);
    expect(errorResponseSchema.parse(blank.json()).error.fields?.displayName).toBe(
      AGENCY_DISPLAY_NAME_MESSAGES.required,
    );
    const digits = await rename(home.primaryCookie, 'Agency 42');
    expect(errorResponseSchema.parse(digits.json()).error.fields?.displayName).toBe(
      AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly,
    );

    const punctuation = await rename(home.primaryCookie, 'Smith @ Sons');
    expect(errorResponseSchema.parse(punctuation.json()).error.fields?.displayName).toBe(
      AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly,
    );
    const renamed = await rename(home.primaryCookie, '  Prairie Oak Insurance  ');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ name: 'Prairie Oak Insurance' });
    const [row] = await t.database.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.uuid, home.agency.subscriber.uuid));
    expect(row!.displayName).toBe('Prairie Oak Insurance');
    const [otherRow] = await t.database.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.uuid, other.agency.subscriber.uuid));
    expect(otherRow!.displayName).toBe(other.agency.name);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, home.agency.subscriber.uuid), eq(auditLog.action, 'subscriber.rename')),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: home.primary.id,
      before: { displayName: home.agency.name },
      after: { displayName: 'Prairie Oak Insurance' },
    });
  });

  it('lets only the primary user hand the role to an active user of the agency, with an audit row', async () => {
    const home = await lapsedAgency(t);
    const other = await lapsedAgency(t);
    const change = (
      cookie: string,
      executor: Person,
      adminUser: Person,
      subscriberUuid = home.agency.subscriber.uuid,
    ) =>
      injectAs(t.app, cookie, 'POST', '/api/subscription/change-primary-user', {
        subscriberUuid,
        executorUuid: executor.id,
        adminUserUuid: adminUser.id,
      });

    expect((await change(home.colleagueCookie, home.colleague, home.colleague)).statusCode).toBe(403);
    expect((await change(home.colleagueCookie, home.primary, home.colleague)).statusCode).toBe(403);
    expect((await change(other.primaryCookie, other.primary, other.colleague)).statusCode).toBe(403);
    expect((await change(home.primaryCookie, home.primary, other.colleague)).statusCode).toBe(400);
    expect((await change(home.primaryCookie, home.primary, home.primary)).statusCode).toBe(400);

    const changed = await change(home.primaryCookie, home.primary, home.colleague);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ adminUser: { uuid: home.colleague.id } });
    expect((await currentUser(home.colleagueCookie)).isPrimaryUserOfSubscriber).toBe(true);
    expect((await currentUser(home.primaryCookie)).isPrimaryUserOfSubscriber).toBe(false);
    // The former primary user may no longer rename or hand over.
    expect((await change(home.primaryCookie, home.primary, home.primary)).statusCode).toBe(403);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'subscriber.change_primary_user'));
    expect(audits.filter((a) => a.entityId === home.agency.subscriber.uuid)).toEqual([
      expect.objectContaining({
        actorUserId: home.primary.id,
        before: { primaryUserUuid: home.primary.id },
        after: { primaryUserUuid: home.colleague.id },
      }),
    ]);
  });

  it('opens the Customer Portal for the primary user only', async () => {
    const home = await lapsedAgency(t);
    const session = await startCheckout(home.primaryCookie);
    for (const event of fake.completeCheckout(session.id as string)) await postEvent(event);
    const body = {
      subscriberUuid: home.agency.subscriber.uuid,
      successUrl: `${SITE}/my-subscription/${home.agency.uuid}`,
      cancelUrl: `${SITE}/my-subscription/${home.agency.uuid}`,
    };
    expect(
      (await injectAs(t.app, home.colleagueCookie, 'POST', '/api/subscription/by-subscriber', body))
        .statusCode,
    ).toBe(403);
    const response = await injectAs(
      t.app,
      home.primaryCookie,
      'POST',
      '/api/subscription/by-subscriber',
      body,
    );
    expect(response.statusCode, response.body).toBe(200);
    const portal = customerPortalResponseSchema.parse(response.json());
    expect(portal.customerPortal).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    expect(portal.prices).toEqual([
      expect.objectContaining({ productName: 'Understanding Essentials', amount: 149, status: 'Active' }),
    ]);
    const portalCall = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portalCall.idempotencyKey).toBeTruthy();
    expect(portalCall.params.return_url).toBe(body.successUrl);
  });
});

describe('billing off (no Stripe keys)', () => {
  it('treats every subscriber as bypassed, still offers the stored products, and explains that checkout is off', async () => {
    const { agency, primaryCookie } = await lapsedAgency(off);
    const { price } = await buildSubscriptionProduct(off.database.db, { amount: '149.50' });
    const user = userResponseSchema.parse(
      (await injectAs(off.app, primaryCookie, 'GET', '/api/user')).json(),
    ).user;
    expect(user.bypassExternalSubscriber).toBe(true);
    const { products, billingEnabled } = await productsOf(off, primaryCookie);
    expect(billingEnabled).toBe(false);
    // The subscription choice is public: the catalogue answers without a session too.
    const anonymous = await off.app.inject({ method: 'GET', url: '/api/subscription/products' });
    expect(subscriptionProductsResponseSchema.parse(anonymous.json()).products).toEqual(products);
    expect(products.flatMap((p) => p.prices).find((p) => p.id === price.uuid)?.amount).toBe(149.5);
    const refused = await checkout(primaryCookie, price.uuid, randomUUID(), off);
    expect(refused.statusCode).toBe(409);
    expect(errorResponseSchema.parse(refused.json()).error.message).toBe(BILLING_OFF_MESSAGE);
    const subscriber = subscriberResponseSchema.parse(
      (
        await injectAs(
          off.app,
          primaryCookie,
          'GET',
          `/api/subscription/subscribers?subscriberUuid=${agency.subscriber.uuid}`,
        )
      ).json(),
    );
    expect(subscriber.subscriber).toMatchObject({ bypassExternalSubscriber: true, billingEnabled: false });
  });
});

describe('staff set the bypass', () => {
  it('lets staff set bypassExternalSubscriber, with an audit row, and refuses everyone else', async () => {
    const { agency, primaryCookie } = await lapsedAgency(t);
    const staff = await buildUser(t.database.db, { userType: 'internal' });
    const staffCookie = await signIn(t.app, staff.email);
    const url = `/api/admin/subscribers/${agency.subscriber.uuid}/bypass`;
    expect(
      (await injectAs(t.app, primaryCookie, 'PUT', url, { bypassExternalSubscriber: true })).statusCode,
    ).toBe(402);
    expect((await injectAs(t.app, primaryCookie, 'GET', '/api/admin/subscribers')).statusCode).toBe(402);
    expect((await currentUser(primaryCookie)).bypassExternalSubscriber).toBe(false);

    const set = await injectAs(t.app, staffCookie, 'PUT', url, { bypassExternalSubscriber: true });
    expect(set.statusCode, set.body).toBe(200);
    expect((await currentUser(primaryCookie)).bypassExternalSubscriber).toBe(true);
    // Let in, the agency's user is still not staff.
    expect((await injectAs(t.app, primaryCookie, 'GET', '/api/admin/subscribers')).statusCode).toBe(403);
    const list = await injectAs(t.app, staffCookie, 'GET', '/api/admin/subscribers');
    expect(adminSubscribersResponseSchema.parse(list.json()).subscribers).toContainEqual(
      expect.objectContaining({
        uuid: agency.subscriber.uuid,
        bypassExternalSubscriber: true,
        status: 'Canceled',
      }),
    );
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, agency.subscriber.uuid), eq(auditLog.action, 'subscriber.bypass')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: staff.id, after: { bypassExternalSubscriber: true } });
  });
});
