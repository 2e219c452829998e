import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canUseProductFeature,
  featureKeyToFlag,
  hasCarrierProduction,
  mayUploadCarrierFiles,
  resolveFeatureAccess,
  UPLOAD_PERMISSION,
  type AccessInput,
  type ProductFeatureRef,
} from './access.ts';

const cpr: ProductFeatureRef = { key: 'cpr', externalId: 'ext-cpr', isLive: true };
const notLive: ProductFeatureRef = { key: 'pbi-retention', externalId: 'ext-retention', isLive: false };
const noExternalId: ProductFeatureRef = {
  key: 'pbi-agency-production-teaser',
  externalId: null,
  isLive: true,
};

const agencyUser = { userType: 'agency', isInternal: false, isOwner: false } as const;
const input = (overrides: Partial<AccessInput> = {}): AccessInput => ({
  user: agencyUser,
  productFeatures: [cpr, notLive, noExternalId],
  subscriberExternalIds: ['ext-cpr', 'ext-retention'],
  accessRecords: [],
  ...overrides,
});

describe('featureKeyToFlag', () => {
  it.each([
    ['cpr', 'cpr'],
    ['pbi-market-assistance-lite', 'pbiMarketAssistanceLite'],
    ['pbi_agency_production_teaser', 'pbiAgencyProductionTeaser'],
    ['site-revenue-tuner', 'siteRevenueTuner'],
    ['pbi-revenue-tuner-teaser', 'pbiRevenueTunerTeaser'],
    ['site-ams-data-health', 'siteAmsDataHealth'],
    ['pbiRetention', 'pbiRetention'],
    ['Site AMS data health', 'siteAmsDataHealth'],
  ])('%s -> %s', (key, flag) => {
    expect(featureKeyToFlag(key)).toBe(flag);
  });
});

describe('canUseProductFeature', () => {
  it('gives internal users every feature, by user type or by the isInternal flag', () => {
    const none = input({
      subscriberExternalIds: [],
      accessRecords: [{ productComponentKey: 'cpr', denyAccess: true }],
    });
    expect(canUseProductFeature({ ...none, user: { ...agencyUser, userType: 'internal' } }, cpr)).toBe(true);
    expect(canUseProductFeature({ ...none, user: { ...agencyUser, isInternal: true } }, notLive)).toBe(true);
  });

  it('refuses a feature with an external id that the subscriber does not hold, even when granted', () => {
    const records = [{ productComponentKey: 'cpr', denyAccess: false }];
    expect(canUseProductFeature(input({ subscriberExternalIds: [], accessRecords: records }), cpr)).toBe(
      false,
    );
  });

  it('does not require the subscriber to hold a feature without an external id', () => {
    expect(canUseProductFeature(input({ subscriberExternalIds: [] }), noExternalId)).toBe(true);
  });

  it('grants with an access record that does not deny, even when the feature is not live', () => {
    const records = [{ productComponentKey: 'pbi-retention', denyAccess: false }];
    expect(canUseProductFeature(input({ accessRecords: records }), notLive)).toBe(true);
  });

  it('refuses a managed non-owner whose record denies access', () => {
    const records = [{ productComponentKey: 'cpr', denyAccess: true }];
    expect(canUseProductFeature(input({ accessRecords: records }), cpr)).toBe(false);
  });

  it('gives live features to unmanaged users (no access records at all)', () => {
    expect(canUseProductFeature(input(), cpr)).toBe(true);
  });

  it('refuses features that are not live to unmanaged users without a grant', () => {
    expect(canUseProductFeature(input(), notLive)).toBe(false);
  });

  it('refuses a live feature to a managed user with records for other features only', () => {
    const records = [{ productComponentKey: 'pbi-retention', denyAccess: false }];
    expect(canUseProductFeature(input({ accessRecords: records }), cpr)).toBe(false);
  });

  it('gives live features to owners even when they are managed, and a denial does not stop an owner', () => {
    const owner = { ...agencyUser, isOwner: true };
    const records = [{ productComponentKey: 'cpr', denyAccess: true }];
    expect(canUseProductFeature(input({ user: owner, accessRecords: records }), cpr)).toBe(true);
    expect(canUseProductFeature(input({ user: owner, accessRecords: records }), notLive)).toBe(false);
  });

  it('does not ask a subscriber of network users (they have none), but applies the record rules', () => {
    const network = { userType: 'network', isInternal: false, isOwner: false } as const;
    expect(canUseProductFeature(input({ user: network, subscriberExternalIds: [] }), cpr)).toBe(true);
    expect(canUseProductFeature(input({ user: network, subscriberExternalIds: [] }), notLive)).toBe(false);
    const denied = [{ productComponentKey: 'cpr', denyAccess: true }];
    expect(canUseProductFeature(input({ user: network, accessRecords: denied }), cpr)).toBe(false);
  });

  it('never grants an agency user a feature the subscriber lacks (property)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.record({ productComponentKey: fc.constantFrom('cpr', 'x'), denyAccess: fc.boolean() })),
        (isOwner, isLive, accessRecords) => {
          const feature = { ...cpr, isLive };
          const result = canUseProductFeature(
            input({ user: { ...agencyUser, isOwner }, subscriberExternalIds: ['other'], accessRecords }),
            feature,
          );
          expect(result).toBe(false);
        },
      ),
    );
  });
});

describe('resolveFeatureAccess', () => {
  it('maps every product feature to its camel-case flag', () => {
    expect(resolveFeatureAccess(input())).toEqual({
      cpr: true,
      pbiRetention: false,
      pbiAgencyProductionTeaser: true,
    });
  });

  it('hasCarrierProduction reads the cpr flag only when it is true', () => {
    expect(hasCarrierProduction({ cpr: true })).toBe(true);
    expect(hasCarrierProduction({ cpr: false })).toBe(false);
    expect(hasCarrierProduction({})).toBe(false);
  });
});

describe('mayUploadCarrierFiles', () => {
  const agency = (isAdmin: boolean) => ({ userType: 'agency' as const, isAdmin });
  it('lets agency administrators (owners included) upload for their agency, with or without the permission', () => {
    expect(mayUploadCarrierFiles(agency(true), [])).toBe(true);
    expect(mayUploadCarrierFiles(agency(false), [UPLOAD_PERMISSION])).toBe(false);
  });
  it('lets network users and staff upload only with the upload permission clarity:access:basic', () => {
    for (const userType of ['network', 'internal'] as const) {
      expect(mayUploadCarrierFiles({ userType, isAdmin: false }, [UPLOAD_PERMISSION])).toBe(true);
      expect(mayUploadCarrierFiles({ userType, isAdmin: true }, [])).toBe(false);
      expect(mayUploadCarrierFiles({ userType, isAdmin: false }, ['clarity:access:other'])).toBe(false);
    }
  });
});
