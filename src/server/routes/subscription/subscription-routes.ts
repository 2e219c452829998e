import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPEN_TO_LAPSED, type BillingPolicy } from '#server/policies/subscription-gate.ts';
import { z } from 'zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  adminSubscribersResponseSchema,
  agencyNameRequestSchema,
  agencyNameResponseSchema,
  changePrimaryUserRequestSchema,
  changePrimaryUserResponseSchema,
  checkoutSessionRequestSchema,
  checkoutSessionResponseSchema,
  customerPortalRequestSchema,
  customerPortalResponseSchema,
  subscriberBypassRequestSchema,
  subscriberBypassResponseSchema,
  subscriberQuerySchema,
  subscriberResponseSchema,
  subscriberUsersResponseSchema,
  subscriptionProductsResponseSchema,
} from '#shared/contracts/subscription.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { requireInternal } from '#server/policies/scope.ts';
import { createCheckoutSession, openCustomerPortal } from '#server/services/subscription/checkout-service.ts';
import {
  listProducts,
  PRODUCT_SYNC_TTL_MS,
  syncProductsFromStripe,
} from '#server/services/subscription/products-service.ts';
import { DEFAULT_STRIPE_BUDGET_MS, type Billing } from '#server/services/subscription/stripe-client.ts';
import {
  isStripeFailure,
  paymentsUnavailable,
  StripeDeadline,
} from '#server/services/subscription/stripe-errors.ts';
import {
  changePrimaryUser,
  getSubscriber,
  listSubscriberUsers,
  listSubscribersForStaff,
  renameAgency,
  setSubscriberBypass,
} from '#server/services/subscription/subscriber-service.ts';
import { handleStripeEvent, verifyEvent } from '#server/services/subscription/webhook-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const writeErrors = { ...errors, 409: errorResponseSchema };
/** Routes that call Stripe: its failures answer 502 or 503 (stripe-errors.ts). */
const stripeErrors = { 502: errorResponseSchema, 503: errorResponseSchema };

export type SubscriptionRouteOptions = {
  db: Db;
  billing: Billing | null;
  billingPolicy: BillingPolicy;
  publicUrl: string;
};

export const subscriptionRoutes: FastifyPluginAsyncZod<SubscriptionRouteOptions> = async (
  app,
  { db, billing, billingPolicy, publicUrl },
) => {
  const billingEnabled = billing !== null;
  const budgetMs = billing?.timeouts.budgetMs ?? DEFAULT_STRIPE_BUDGET_MS;
  let syncedAt = 0;
  let syncing: Promise<void> | null = null;
  /**
   * Reads Stripe's catalogue at most once a minute; a failing or slow Stripe leaves the last copy in
   * place. The request waits for it within its own deadline, so the sync counts towards its budget.
   */
  async function syncProducts(log: FastifyBaseLogger, deadline: StripeDeadline) {
    if (!billing || Date.now() - syncedAt < PRODUCT_SYNC_TTL_MS) return;
    syncing ??= new StripeDeadline(budgetMs)
      .within(syncProductsFromStripe(db, billing.stripe))
      .then(() => {
        syncedAt = Date.now();
      })
      .finally(() => {
        syncing = null;
      });
    await deadline.within(syncing).catch((err: unknown) => {
      log.warn({ err }, 'syncing products from Stripe failed; the stored products are offered');
    });
  }

  /** Runs a handler that calls Stripe within the request's deadline; Stripe's failures become ours. */
  async function withStripe<T>(
    request: FastifyRequest,
    handler: (deadline: StripeDeadline) => Promise<T>,
  ): Promise<T> {
    try {
      return await handler(new StripeDeadline(budgetMs));
    } catch (error) {
      if (isStripeFailure(error)) throw paymentsUnavailable(error, request.log, request.id);
      throw error;
    }
  }

  app.get(
    '/api/subscription/subscribers',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['subscription'],
        summary: 'A subscriber, its latest subscription and its primary user',
        querystring: subscriberQuerySchema,
        response: { 200: subscriberResponseSchema, ...errors },
      },
    },
    async (request) => getSubscriber(db, requireActor(request), request.query.subscriberUuid, billingPolicy),
  );

  app.get(
    '/api/subscription/by-subscribers',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['subscription'],
        summary: "The active users of a subscriber's agency",
        querystring: subscriberQuerySchema,
        response: { 200: subscriberUsersResponseSchema, ...errors },
      },
    },
    async (request) => ({
      users: await listSubscriberUsers(db, requireActor(request), request.query.subscriberUuid),
    }),
  );

  app.get(
    '/api/subscription/products',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['subscription'],
        summary:
          'The subscription products and prices on offer (public; synced from Stripe when billing is on)',
        response: { 200: subscriptionProductsResponseSchema },
      },
    },
    // The subscription choice page is public (spec part 2 §2): the catalogue is nobody's tenant data.
    async (request) => {
      await syncProducts(request.log, new StripeDeadline(budgetMs));
      return { products: await listProducts(db, { fromStripe: billingEnabled }), billingEnabled };
    },
  );

  app.post(
    '/api/stripe/create-checkout-session',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['subscription'],
        summary: "A Stripe Checkout Session for the caller's agency and a price",
        body: checkoutSessionRequestSchema,
        response: { 200: checkoutSessionResponseSchema, ...writeErrors, ...stripeErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return withStripe(request, async (deadline) => {
        await syncProducts(request.log, deadline);
        return createCheckoutSession(db, billing, actor, request.body, publicUrl, billingPolicy, deadline);
      });
    },
  );

  app.post(
    '/api/subscription/by-subscriber',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['subscription'],
        summary: "The subscriber's prices and a Stripe Customer Portal session (primary user)",
        body: customerPortalRequestSchema,
        response: { 200: customerPortalResponseSchema, ...writeErrors, ...stripeErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return withStripe(request, (deadline) =>
        openCustomerPortal(
          db,
          billing,
          actor,
          { ...request.body, requestId: request.id },
          publicUrl,
          deadline,
        ),
      );
    },
  );

  app.put(
    '/api/subscription/agency-name',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['subscription'],
        summary: "The primary user renames the agency's display name",
        body: agencyNameRequestSchema,
        response: { 200: agencyNameResponseSchema, ...errors },
      },
    },
    async (request) => renameAgency(db, requireActor(request), request.body),
  );

  app.post(
    '/api/subscription/change-primary-user',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['subscription'],
        summary: 'The primary user hands the role to another user of the agency',
        body: changePrimaryUserRequestSchema,
        response: { 200: changePrimaryUserResponseSchema, ...writeErrors },
      },
    },
    async (request) => changePrimaryUser(db, requireActor(request), request.body),
  );

  app.get(
    '/api/admin/subscribers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Staff: every subscriber with its latest status and bypass flag',
        response: { 200: adminSubscribersResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      requireInternal(requireActor(request));
      return listSubscribersForStaff(db);
    },
  );

  app.put(
    '/api/admin/subscribers/:subscriberUuid/bypass',
    {
      schema: {
        tags: ['admin'],
        summary: 'Staff: let a subscriber in without a subscription (bypassExternalSubscriber)',
        params: subscriberQuerySchema,
        body: subscriberBypassRequestSchema,
        response: { 200: subscriberBypassResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      requireInternal(actor);
      return setSubscriberBypass(
        db,
        actor,
        request.params.subscriberUuid,
        request.body.bypassExternalSubscriber,
      );
    },
  );

  await app.register(async (webhook) => {
    // The signature covers the exact bytes Stripe sent: this route keeps the body unparsed.
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/api/stripe/webhook',
      {
        // Stripe's signature authorises it, not a session.
        config: OPEN_TO_LAPSED,
        schema: {
          tags: ['subscription'],
          summary: 'Stripe webhook (signed); 404 when billing is off',
          response: {
            200: z.object({ received: z.literal(true) }),
            400: errorResponseSchema,
            404: errorResponseSchema,
            ...stripeErrors,
          },
        },
      },
      async (request) => {
        if (!billing) throw new AppError('not_found', 'There is no POST /api/stripe/webhook.');
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError('bad_request', 'A Stripe event is sent as application/json.');
        }
        const signature = request.headers['stripe-signature'];
        const event = verifyEvent(
          billing,
          request.body,
          typeof signature === 'string' ? signature : undefined,
        );
        // A Stripe that fails us answers 5xx, so Stripe sends the event again later.
        const outcome = await withStripe(request, (deadline) =>
          handleStripeEvent(db, billing, event, request.log, deadline),
        );
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event');
        return { received: true as const };
      },
    );
  });
};
