import { z } from 'zod';
import { agencyDisplayNameError } from '#shared/domain/subscription.ts';

export const subscriberQuerySchema = z.object({
  subscriberUuid: z.string().uuid('subscriberUuid must be a UUID'),
});

const subscriberUserSchema = z.object({
  userUuid: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  isOwner: z.boolean(),
  isAdministrator: z.boolean(),
  isAdmin: z.boolean(),
  isPrimaryUser: z.boolean(),
});
export type SubscriberUser = z.infer<typeof subscriberUserSchema>;

/** Spec part 2 §3 "Subscriber admin user": the subscriber's primary user. */
export const subscriberAdminUserSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  uuid: z.string().uuid(),
});
export type SubscriberAdminUser = z.infer<typeof subscriberAdminUserSchema>;

/** GET /api/subscription/subscribers?subscriberUuid: the subscriber, its plan and its primary (admin) user. */
export const subscriberResponseSchema = z.object({
  subscriber: z.object({
    uuid: z.string().uuid(),
    agencyUuid: z.string().uuid(),
    displayName: z.string(),
    /** Staff let the agency in without a subscription, or billing is off on this server. */
    bypassExternalSubscriber: z.boolean(),
    /** Online payment (Stripe) is configured on this server. */
    billingEnabled: z.boolean(),
  }),
  /** The latest subscription: its plan name and status, null when the agency never subscribed. */
  subscription: z.object({ planName: z.string(), status: z.string() }).nullable(),
  adminUser: subscriberAdminUserSchema.nullable(),
});
export type SubscriberResponse = z.infer<typeof subscriberResponseSchema>;

/** GET /api/subscription/by-subscribers?subscriberUuid: the active users of the subscriber's agency. */
export const subscriberUsersResponseSchema = z.object({ users: z.array(subscriberUserSchema) });
export type SubscriberUsersResponse = z.infer<typeof subscriberUsersResponseSchema>;

/** A price of a subscription product (spec part 2 §3): amount in dollars, the per-interval label. */
export const subscriptionPriceSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  amount: z.number(),
  currency: z.string(),
  interval: z.string(),
  intervalCount: z.number().int(),
  billedEvery: z.string(),
  metadata: z.record(z.string(), z.string()),
  /** The price card's ribbon (metadata.ribbon), e.g. 'Most popular'; null without one. */
  ribbon: z.string().nullable(),
  /** The price card's feature list (metadata.features, separated by '|'). */
  features: z.array(z.string()),
  /** The card's description: metadata.description, else the product's. */
  description: z.string(),
});
export type SubscriptionPrice = z.infer<typeof subscriptionPriceSchema>;

export const subscriptionProductSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  imageUrls: z.array(z.string()),
  metadata: z.record(z.string(), z.string()),
  prices: z.array(subscriptionPriceSchema),
});
export type SubscriptionProduct = z.infer<typeof subscriptionProductSchema>;

/** GET /api/subscription/products: the products on offer, and whether online payment works here. */
export const subscriptionProductsResponseSchema = z.object({
  products: z.array(subscriptionProductSchema),
  billingEnabled: z.boolean(),
});
export type SubscriptionProductsResponse = z.infer<typeof subscriptionProductsResponseSchema>;

const returnUrl = (field: string) => z.string().url(`${field} must be a URL of this site`).max(2000);

/** POST /api/stripe/create-checkout-session. `requestId` makes a retried click answer the same session. */
export const checkoutSessionRequestSchema = z.object({
  priceId: z.string().uuid('priceId must be the id of a price'),
  successUrl: returnUrl('successUrl'),
  cancelUrl: returnUrl('cancelUrl'),
  requestId: z.string().uuid('requestId must be a UUID'),
});
export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequestSchema>;
export const checkoutSessionResponseSchema = z.object({ checkoutSessionUrl: z.string().url() });

/** POST /api/subscription/by-subscriber: the subscribed prices and the Stripe Customer Portal. */
export const customerPortalRequestSchema = z.object({
  subscriberUuid: z.string().uuid('subscriberUuid must be a UUID'),
  successUrl: returnUrl('successUrl'),
  cancelUrl: returnUrl('cancelUrl'),
});
export const customerPortalResponseSchema = z.object({
  prices: z.array(
    z.object({
      id: z.string().uuid(),
      amount: z.number(),
      billedEvery: z.string(),
      metadata: z.record(z.string(), z.string()),
      productName: z.string(),
      status: z.string(),
      customerPortal: z.string().url(),
    }),
  ),
  customerPortal: z.string().url(),
});
export type CustomerPortalResponse = z.infer<typeof customerPortalResponseSchema>;

/** PUT /api/subscription/agency-name (spec part 2 §5 "Subscription"). */
export const agencyNameRequestSchema = z.object({
  subscriberUuid: z.string().uuid('subscriberUuid must be a UUID'),
  displayName: z.string().superRefine((value, ctx) => {
    const message = agencyDisplayNameError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
});
export type AgencyNameRequest = z.infer<typeof agencyNameRequestSchema>;
export const agencyNameResponseSchema = z.object({ name: z.string() });

/** POST /api/subscription/change-primary-user (spec part 2 §7). */
export const changePrimaryUserRequestSchema = z.object({
  subscriberUuid: z.string().uuid('subscriberUuid must be a UUID'),
  executorUuid: z.string().uuid('executorUuid must be a UUID'),
  adminUserUuid: z.string().uuid('adminUserUuid must be a UUID'),
});
export type ChangePrimaryUserRequest = z.infer<typeof changePrimaryUserRequestSchema>;
export const changePrimaryUserResponseSchema = z.object({ adminUser: subscriberAdminUserSchema });

/** Staff: every subscriber, for the bypass switch on /admin/subscribers. */
export const adminSubscribersResponseSchema = z.object({
  subscribers: z.array(
    z.object({
      uuid: z.string().uuid(),
      agencyUuid: z.string().uuid(),
      agencyName: z.string(),
      networkName: z.string(),
      displayName: z.string(),
      status: z.string().nullable(),
      bypassExternalSubscriber: z.boolean(),
    }),
  ),
});
export type AdminSubscribersResponse = z.infer<typeof adminSubscribersResponseSchema>;
export const subscriberBypassRequestSchema = z.object({ bypassExternalSubscriber: z.boolean() });
export const subscriberBypassResponseSchema = z.object({
  uuid: z.string().uuid(),
  bypassExternalSubscriber: z.boolean(),
});
