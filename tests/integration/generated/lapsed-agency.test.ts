import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '#shared/domain/subscription.ts';
import { subscribers } from '#server/db/schema/tenancy.ts';
import { buildAgency, buildUser } from '#tests/support/factories.ts';
import { startFakeStripe } from '#tests/support/fake-stripe.ts';
import { listOperations, operationUrl, sampleRequest } from '#tests/support/openapi-operations.ts';
import { createTestApp, signIn } from '#tests/support/test-app.ts';

/**
 * The lapsed agency's caller, generated from the OpenAPI document (decision 040): with billing on,
 * a user of an agency whose subscription lapsed (Canceled, not bypassed) is refused with 402 on every
 * operation except those a person needs to sign in, keep their profile, pay and read help. The
 * request is the generated sample with the caller's own agency as the level: the gate answers before
 * the request is read, so nothing but the subscription decides. A new operation is gated unless it is
 * added here and marked open on the server (OPEN_TO_LAPSED).
 */
const OPEN_TO_LAPSED = new Set([
  // Who is signed in, and the identification the browser needs to send them to /no-subscription.
  'GET /api/user',
  'GET /api/features',
  // Help: what is new in the product, and the support address and help site (outside /api: no session).
  'GET /api/whats-new',
  'GET /akpi-env',
  // Signing in: the second factor, and registration from an invitation.
  'GET /api/mfa/status',
  'POST /api/mfa/enroll',
  'GET /api/mfa/challenge',
  'POST /api/mfa/email-code',
  'POST /api/mfa/verify',
  'GET /api/register/meta-data',
  'POST /api/register/user/{userUuid}',
  'POST /api/register/createPrimaryUser',
  'POST /api/register/createUser',
  // The live password checklist, on registration, My Profile and the reset page.
  'POST /api/password/common',
  // My profile.
  'GET /api/profile/users',
  'PUT /api/profile/users',
  'POST /api/profile/reset-password',
  // The digest e-mail's unsubscribe link (signed, no session): turning e-mail off always works.
  'POST /api/digest/unsubscribe',
  // The subscription and checkout pages.
  'GET /api/subscription/subscribers',
  'GET /api/subscription/by-subscribers',
  'GET /api/subscription/products',
  'POST /api/stripe/create-checkout-session',
  'POST /api/subscription/by-subscriber',
  'PUT /api/subscription/agency-name',
  'POST /api/subscription/change-primary-user',
  // Signed by Stripe, not a session; and the health check.
  'POST /api/stripe/webhook',
  'GET /api/health',
]);

const fake = await startFakeStripe();
const t = await createTestApp({
  stripe: {
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    api: { host: '127.0.0.1', port: Number(new URL(fake.url).port), protocol: 'http' },
  },
});
const operations = listOperations(t.app);
let cookie = '';
let agencyUuid = '';

beforeAll(async () => {
  const db = t.database.db;
  const agency = await buildAgency(db, { bypassExternalSubscriber: false, subscriptionStatus: 'Canceled' });
  const owner = await buildUser(db, {
    agencyUuid: agency.uuid,
    networkUuid: agency.networkUuid,
    isOwner: true,
  });
  await db
    .update(subscribers)
    .set({ primaryUserUuid: owner.id })
    .where(eq(subscribers.uuid, agency.subscriber.uuid));
  agencyUuid = agency.uuid;
  cookie = await signIn(t.app, owner.email);
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("a lapsed agency's user, on every operation of the OpenAPI document", () => {
  it('names only operations that exist', () => {
    const ids = new Set(operations.map((o) => o.id));
    expect([...OPEN_TO_LAPSED].filter((id) => !ids.has(id))).toEqual([]);
  });

  for (const operation of operations) {
    const open = OPEN_TO_LAPSED.has(operation.id);
    it(`${operation.id} is ${open ? 'open' : 'refused with 402'}`, async () => {
      const parts = sampleRequest(operation);
      for (const name of ['levelUuid', 'agencyUuid']) {
        if (operation.params.some((p) => p.in === 'query' && p.name === name)) parts.query[name] = agencyUuid;
      }
      const hasBody = parts.body !== undefined;
      const url = operationUrl(operation, parts.path, parts.query);
      const response = await t.app.inject({
        method: operation.method,
        url,
        headers: { cookie, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        ...(hasBody ? { payload: JSON.stringify(parts.body) } : {}),
      });
      const what = `${operation.method} ${url} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
      if (open) {
        expect(response.statusCode, what).not.toBe(402);
        expect(response.statusCode, what).toBeLessThan(500);
        return;
      }
      expect(response.statusCode, what).toBe(402);
      expect(errorResponseSchema.parse(response.json()).error).toMatchObject({
        code: 'payment_required',
        message: SUBSCRIPTION_REQUIRED_MESSAGE,
      });
    });
  }
});
