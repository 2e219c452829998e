import { z } from 'zod';

/** An access record of one user to one product component (spec part 1 §3). */
export const accessRecordSchema = z.object({
  productComponentKey: z.string().min(1, 'Choose a feature.'),
  denyAccess: z.boolean(),
});
export type AccessRecord = z.infer<typeof accessRecordSchema>;

/** GET /api/user/access: the caller's access records. */
export const userAccessResponseSchema = z.object({ accessRecords: z.array(accessRecordSchema) });
export type UserAccessResponse = z.infer<typeof userAccessResponseSchema>;

/** A product feature (spec part 1 §3): what a subscriber can buy and a user can be granted. */
export const productFeatureSchema = z.object({
  id: z.string().uuid(),
  key: z.string(),
  title: z.string(),
  externalId: z.string().nullable(),
  isLive: z.boolean(),
});
export type ProductFeature = z.infer<typeof productFeatureSchema>;

/** GET /api/product-features */
export const productFeaturesResponseSchema = z.object({ productFeatures: z.array(productFeatureSchema) });
export type ProductFeaturesResponse = z.infer<typeof productFeaturesResponseSchema>;

/** GET /api/subscription/features: the external ids of the features the caller's subscriber holds. */
export const subscriptionFeaturesResponseSchema = z.object({
  features: z.array(z.object({ externalId: z.string() })),
});
export type SubscriptionFeaturesResponse = z.infer<typeof subscriptionFeaturesResponseSchema>;

/** A feature flag evaluated for the caller (user, network and agency keys). */
export const featureFlagSchema = z.object({
  key: z.string(),
  title: z.string(),
  enabled: z.boolean(),
  featureId: z.string().uuid().nullable(),
  isLive: z.boolean(),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

/** GET /api/features */
export const featuresResponseSchema = z.object({ features: z.array(featureFlagSchema) });
export type FeaturesResponse = z.infer<typeof featuresResponseSchema>;

/** The flags the shell reads (keys of the feature_flags table). */
export const FLAGS = {
  growthMeasurement: 'growthMeasurement',
  aiChat: 'aiChat',
  scorecards: 'scorecards',
  sigma: 'sigma',
} as const;

/** GET /api/clarity/user: the caller in the upload portal; 403 when the caller has no portal account. */
export const clarityUserResponseSchema = z.object({
  network: z.object({ uuid: z.string().uuid(), name: z.string() }).nullable(),
  agency: z.object({ uuid: z.string().uuid(), name: z.string() }).nullable(),
  primaryAms: z.string().nullable(),
  permissions: z.array(z.string()),
});
export type ClarityUserResponse = z.infer<typeof clarityUserResponseSchema>;

/** GET /akpi-env: the client's configuration. */
export const clientConfigSchema = z.object({
  supportEmail: z.string(),
  helpSiteUrl: z.string(),
  /** The Terms & Conditions registration asks to accept (TERMS_URL, default the in-app /terms). */
  termsUrl: z.string().default(''),
  aiChatUrl: z.string(),
  uploadPortalUrl: z.string(),
  appUrl: z.string(),
  /** Where the browser reports its errors (Sentry or GlitchTip); absent when reporting is off. */
  sentryDsn: z.string().optional(),
  sentryEnvironment: z.string().optional(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
