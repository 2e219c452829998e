import { z } from 'zod';

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

/** GET /api/subscription/subscribers?subscriberUuid: the subscriber and its primary (admin) user. */
export const subscriberResponseSchema = z.object({
  subscriber: z.object({
    uuid: z.string().uuid(),
    agencyUuid: z.string().uuid(),
    displayName: z.string(),
    bypassExternalSubscriber: z.boolean(),
  }),
  adminUser: subscriberUserSchema.nullable(),
});
export type SubscriberResponse = z.infer<typeof subscriberResponseSchema>;

/** GET /api/subscription/by-subscribers?subscriberUuid: the active users of the subscriber's agency. */
export const subscriberUsersResponseSchema = z.object({ users: z.array(subscriberUserSchema) });
export type SubscriberUsersResponse = z.infer<typeof subscriberUsersResponseSchema>;
