import { queryOptions } from '@tanstack/react-query';
import {
  agencyNameResponseSchema,
  changePrimaryUserResponseSchema,
  checkoutSessionResponseSchema,
  customerPortalResponseSchema,
  subscriberResponseSchema,
  subscriberUsersResponseSchema,
  subscriptionProductsResponseSchema,
  type ChangePrimaryUserRequest,
} from '#shared/contracts/subscription.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** GET /api/subscription/products: the products on offer and whether online payment works here. */
export const subscriptionProductsQuery = queryOptions({
  queryKey: ['subscription', 'products'],
  queryFn: ({ signal }) =>
    apiRequest('/api/subscription/products', subscriptionProductsResponseSchema, { signal }),
});

/** GET /api/subscription/subscribers: the subscriber, its latest subscription and its primary user. */
export const subscriberQuery = (subscriberUuid: string) =>
  queryOptions({
    queryKey: ['subscription', 'subscriber', subscriberUuid],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/subscription/subscribers?${new URLSearchParams({ subscriberUuid }).toString()}`,
        subscriberResponseSchema,
        { signal },
      ),
  });

/** GET /api/subscription/by-subscribers: the agency's active users (the Change Primary User choices). */
export const subscriberUsersQuery = (subscriberUuid: string) =>
  queryOptions({
    queryKey: ['subscription', 'users', subscriberUuid],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/subscription/by-subscribers?${new URLSearchParams({ subscriberUuid }).toString()}`,
        subscriberUsersResponseSchema,
        { signal },
      ),
  });

/**
 * POST /api/stripe/create-checkout-session: successUrl is the site's origin, cancelUrl the current
 * page (spec part 2 §7); `requestId` is one per choice, so a retried request answers the same session.
 */
export const createCheckoutSession = (priceId: string, requestId: string) =>
  apiRequest('/api/stripe/create-checkout-session', checkoutSessionResponseSchema, {
    method: 'POST',
    body: {
      priceId,
      successUrl: window.location.origin,
      cancelUrl: window.location.href,
      requestId,
    },
  });

/** POST /api/subscription/by-subscriber: the Stripe Customer Portal, returning to this page. */
export const openCustomerPortal = (subscriberUuid: string) =>
  apiRequest('/api/subscription/by-subscriber', customerPortalResponseSchema, {
    method: 'POST',
    body: { subscriberUuid, successUrl: window.location.href, cancelUrl: window.location.href },
  });

export const renameAgency = (subscriberUuid: string, displayName: string) =>
  apiRequest('/api/subscription/agency-name', agencyNameResponseSchema, {
    method: 'PUT',
    body: { subscriberUuid, displayName },
  });

export const changePrimaryUser = (body: ChangePrimaryUserRequest) =>
  apiRequest('/api/subscription/change-primary-user', changePrimaryUserResponseSchema, {
    method: 'POST',
    body,
  });
