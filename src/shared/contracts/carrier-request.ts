import { z } from 'zod';

/** Spec part 2 §9: the longest carrier name and additional information a request may carry. */
export const CARRIER_NAME_MAX = 120;
export const ADDITIONAL_INFO_MAX = 400;

/** The messages of spec part 2 §5 (note the two spaces after "URL."). */
export const REQUIRED_MESSAGE = 'Required';
export const WEBSITE_EXAMPLE_HOST = 'www.carrier.com';
export const INVALID_URL_MESSAGE = `Must be a valid URL.  eg. ${WEBSITE_EXAMPLE_HOST}`;
export const CARRIER_NAME_TOO_LONG = `Must be at most ${CARRIER_NAME_MAX} characters.`;
export const ADDITIONAL_INFO_TOO_LONG = `Must be at most ${ADDITIONAL_INFO_MAX} characters.`;

/** The carrier types a request offers (spec part 2 §3), keyed by the carrier flag each stands for. */
export const CARRIER_TYPES = [
  'isStandard',
  'isMga',
  'isCrop',
  'isFlood',
  'isSurety',
  'isWorkersComp',
] as const;
export type CarrierType = (typeof CARRIER_TYPES)[number];

export const carrierTypeLabels: Record<CarrierType, string> = {
  isStandard: 'Multiline',
  isMga: 'Wholesaler',
  isCrop: 'Crop',
  isFlood: 'Flood',
  isSurety: 'Surety',
  isWorkersComp: 'Workers Comp',
};

// A web address with or without http(s)://: dotted host names (a letters-only top-level label),
// an optional port, then any path, query or fragment without spaces.
const WEBSITE =
  /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?([/?#][^\s]*)?$/i;

/** Whether a carrier website is a URL the staff can open, e.g. "www.carrier.com" (spec part 2 §5). */
export function isWebsiteUrl(value: string): boolean {
  return WEBSITE.test(value.trim());
}

/**
 * The new carrier request form (spec part 2 §3, §5), the body of POST /api/carriers/jira-request.
 * Name and e-mail are not part of it: they are the signed-in user's, shown read-only.
 */
export const carrierRequestSchema = z.object({
  carrierName: z.string().trim().min(1, REQUIRED_MESSAGE).max(CARRIER_NAME_MAX, CARRIER_NAME_TOO_LONG),
  carrierType: z
    .string()
    .min(1, REQUIRED_MESSAGE)
    .pipe(z.enum(CARRIER_TYPES, { error: 'Choose one of the carrier types.' })),
  carrierWebsite: z
    .string()
    .trim()
    .min(1, { error: REQUIRED_MESSAGE, abort: true })
    .refine(isWebsiteUrl, INVALID_URL_MESSAGE),
  additionalInfo: z.string().max(ADDITIONAL_INFO_MAX, ADDITIONAL_INFO_TOO_LONG).trim().default(''),
});
/** What the form holds while it is filled in. */
export type CarrierRequestForm = z.input<typeof carrierRequestSchema>;
/** A valid request, as the server stores it. */
export type CarrierRequestInput = z.output<typeof carrierRequestSchema>;

/**
 * POST /api/carriers/jira-request: `error: true` when the request could not be stored or forwarded
 * (spec part 2 §7 "a body error flag means failure"); `requestUuid` is the stored request, if any.
 */
export const carrierRequestResponseSchema = z.object({
  error: z.boolean(),
  requestUuid: z.string().uuid().nullable(),
});
export type CarrierRequestResponse = z.infer<typeof carrierRequestResponseSchema>;

/** Where a request stands: received, then forwarded (ticket or e-mail) or failed. */
export const carrierRequestStatusSchema = z.enum(['received', 'forwarded', 'failed']);

/** The most recent requests GET /api/carrier-requests lists. */
export const CARRIER_REQUEST_LIST_LIMIT = 500;

/** GET /api/carrier-requests (internal staff): the latest requests, newest first. */
export const carrierRequestListResponseSchema = z.object({
  requests: z.array(
    z.object({
      uuid: z.string().uuid(),
      name: z.string(),
      email: z.string(),
      agencyName: z.string().nullable(),
      carrierName: z.string(),
      carrierType: z.string(),
      carrierWebsite: z.string(),
      additionalInfo: z.string(),
      status: carrierRequestStatusSchema,
      /** The ticket's key, or the e-mail address the request was sent to. */
      forwardedTo: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type CarrierRequestList = z.infer<typeof carrierRequestListResponseSchema>;
