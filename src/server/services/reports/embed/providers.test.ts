import { describe, expect, it } from 'vitest';
import type { EmbedsConfig } from '#server/config.ts';
import { createEmbedProviders, embedFrameOrigins } from './providers.ts';

const powerbi: NonNullable<EmbedsConfig['powerbi']> = {
  tenantId: 'contoso.onmicrosoft.com',
  clientId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  clientSecret: 'secret',
  authorityUrl: 'https://login.microsoftonline.com',
  apiUrl: 'https://api.powerbi.com',
  embedOrigin: 'https://app.powerbi.com',
  rlsRole: 'Tenant',
  timeoutMs: 10_000,
};
const sigma: NonNullable<EmbedsConfig['sigma']> = {
  clientId: 'client',
  secret: 'secret',
  baseUrl: 'https://app.sigmacomputing.com/understanding',
  embedTtlSeconds: 3600,
  accountType: null,
  teams: [],
};
const metabase: NonNullable<EmbedsConfig['metabase']> = {
  siteUrl: 'https://bi.understanding.test/metabase',
  secretKey: 'c'.repeat(64),
  embedTtlSeconds: 600,
};

describe('embed providers', () => {
  it('has only the configured providers', () => {
    expect(createEmbedProviders({ powerbi: null, sigma: null, metabase: null })).toEqual({});
    const some = createEmbedProviders({ powerbi: null, sigma, metabase: null });
    expect(Object.keys(some)).toEqual(['sigma']);
    expect(some.sigma?.name).toBe('sigma');
  });

  it('lists each frame origin once, in catalogue order', () => {
    const all = createEmbedProviders({ powerbi, sigma, metabase });
    expect(Object.keys(all).sort()).toEqual(['metabase', 'powerbi', 'sigma']);
    expect(embedFrameOrigins(all)).toEqual([
      'https://app.powerbi.com',
      'https://app.sigmacomputing.com',
      'https://bi.understanding.test',
    ]);
    const shared = createEmbedProviders({
      powerbi: null,
      sigma: { ...sigma, baseUrl: 'https://bi.understanding.test/sigma' },
      metabase,
    });
    expect(embedFrameOrigins(shared)).toEqual(['https://bi.understanding.test']);
    expect(embedFrameOrigins({})).toEqual([]);
  });
});
