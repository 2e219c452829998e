import type { Profile } from '#shared/contracts/profile.ts';
import type { User } from '#shared/contracts/user.ts';
import { fakeFetch } from './render.tsx';

const AGENCY_UUID = '11111111-1111-4111-8111-111111111111';
const NETWORK_UUID = '22222222-2222-4222-8222-222222222222';
const OTHER_AGENCY_UUID = '33333333-3333-4333-8333-333333333333';

export const ids = { agency: AGENCY_UUID, network: NETWORK_UUID, otherAgency: OTHER_AGENCY_UUID };

/** An agency owner of a subscribed agency that bypasses the external subscriber check. */
export const agencyUser: User = {
  userUuid: '44444444-4444-4444-8444-444444444444',
  id: '44444444-4444-4444-8444-444444444444',
  email: 'owner@example.test',
  name: 'Olive Owner',
  firstName: 'Olive',
  lastName: 'Owner',
  userType: 'agency',
  isOwner: true,
  isAdministrator: false,
  isInternal: false,
  isAdmin: true,
  agency: { uuid: AGENCY_UUID, name: 'Prairie Oak Insurance Agency', city: 'Ames', state: 'IA' },
  network: { uuid: NETWORK_UUID, name: 'Heartland Agency Alliance', abbreviation: 'HAA' },
  subscriptions: [{ status: 'Active' }],
  bypassExternalSubscriber: true,
  isPrimaryUserOfSubscriber: true,
  subscriberUuid: '3c0f5d1e-7a2b-4c8d-9e1f-2a3b4c5d6e7f',
  enableMfaOptions: false,
  allowEmailMFA: false,
  allowAuthenticatorMFA: false,
  allowSMSMFA: false,
  allowOptOutMFA: false,
};

/** The agency owner's saved My Profile, with an address and a US mobile number. */
export const agencyUserProfile: Profile = {
  userUuid: agencyUser.id,
  firstName: agencyUser.firstName,
  lastName: agencyUser.lastName,
  emailAddress: agencyUser.email,
  addressLine1: '1 Main Street',
  addressLine2: '',
  city: 'Ames',
  state: 'Iowa',
  postalCode: '50010',
  countryCode: '1',
  areaCode: '515',
  phoneNumber: '5550142',
  country: 'United States',
};

export const networkUser: User = {
  ...agencyUser,
  userUuid: '55555555-5555-4555-8555-555555555555',
  id: '55555555-5555-4555-8555-555555555555',
  email: 'network@example.test',
  name: 'Nina Network',
  userType: 'network',
  isOwner: false,
  isAdmin: false,
  agency: null,
  subscriptions: [],
  isPrimaryUserOfSubscriber: false,
};

export const staffUser: User = {
  ...networkUser,
  userUuid: '66666666-6666-4666-8666-666666666666',
  id: '66666666-6666-4666-8666-666666666666',
  email: 'staff@example.test',
  name: 'Sam Staff',
  userType: 'internal',
  isInternal: true,
  network: null,
};

const ok = (body: unknown) => () => ({ status: 200, body });

export type ShellApiOptions = {
  user?: User;
  /** Product feature keys the subscriber holds (all live, with an external id). */
  features?: string[];
  flags?: Record<string, boolean>;
  permissions?: string[] | 'forbidden';
  /** What GET /api/mfa/status answers. */
  mfaStatus?: string;
};

/** A fake API for the shell: the user, access, flags, configuration, levels and news. */
export function shellApi({
  user = agencyUser,
  features = ['cpr'],
  flags = {},
  permissions = [],
  mfaStatus = 'not_enrolled',
}: ShellApiOptions = {}) {
  const productFeatures = [
    'cpr',
    'pbi-agency-production-teaser',
    'growth-measurement',
    'pbi-revenue-tuner-teaser',
  ].map((key, i) => ({
    id: `7777777${i}-7777-4777-8777-777777777777`,
    key,
    title: key,
    externalId: `ext-${key}`,
    isLive: true,
  }));
  return fakeFetch({
    '/api/user': ok({ user, errorMessage: null }),
    '/api/user/access': ok({ accessRecords: [] }),
    '/api/mfa/status': ok({ status: mfaStatus }),
    '/api/collaboration': ok({ collaboration: null }),
    '/api/product-features': ok({ productFeatures }),
    '/api/subscription/features': ok({ features: features.map((key) => ({ externalId: `ext-${key}` })) }),
    '/api/features': ok({
      features: Object.entries(flags).map(([key, enabled]) => ({
        key,
        title: key,
        enabled,
        featureId: null,
        isLive: true,
      })),
    }),
    '/api/clarity/user':
      permissions === 'forbidden'
        ? () => ({
            status: 403,
            body: { error: { code: 'forbidden', message: 'No portal account.' }, referenceId: 'r-403' },
          })
        : ok({ network: null, agency: null, primaryAms: null, permissions }),
    '/akpi-env': ok({
      supportEmail: 'support@example.test',
      helpSiteUrl: 'https://help.example.test',
      aiChatUrl: 'https://chat.example.test',
      uploadPortalUrl: 'https://portal.example.test',
      appUrl: 'https://app.example.test',
    }),
    '/api/levels': ok({
      networks: [
        {
          uuid: NETWORK_UUID,
          name: 'Heartland Agency Alliance',
          abbreviation: 'HAA',
          selectable: true,
          agencies: [
            { uuid: AGENCY_UUID, name: 'Prairie Oak Insurance Agency', city: 'Ames', state: 'IA' },
            { uuid: OTHER_AGENCY_UUID, name: 'Cedar Ridge Insurance', city: 'Omaha', state: 'NE' },
          ],
        },
      ],
    }),
    '/api/whats-new': ok({
      entries: [
        {
          id: '88888888-8888-4888-8888-888888888888',
          publishedOn: '2026-03-02',
          title: 'Faster reports',
          body: 'Carrier production opens in half the time.',
        },
      ],
    }),
  });
}

export const unauthorized = (refreshTokenRevoked = false) => ({
  status: 401,
  body: {
    error: { code: 'unauthorized', message: 'You are not signed in, or your session has expired.' },
    referenceId: 'r-401',
    ...(refreshTokenRevoked ? { refreshTokenRevoked: true } : {}),
  },
});
