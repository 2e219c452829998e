import { embedFixtures } from '#tests/support/embed-fixtures.ts';
import { randomUUID } from 'node:crypto';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { MetabaseConfig } from '#server/config.ts';
import { EmbedProviderError } from './embed-provider.ts';
import { createMetabaseProvider } from './metabase.ts';

const config: MetabaseConfig = {
  siteUrl: 'https://metabase.understanding.test',
  secretKey: 'a3f1c2d4e5b6978812a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809',
  embedTtlSeconds: 600,
};
const NOW = Date.UTC(2025, 4, 15, 12, 0, 0, 700);
const EXP = Math.floor(NOW / 1000) + 600;

const { networkUuid, agencyUuid, agencyTenant, networkTenant, viewer, staff, assignment } = embedFixtures({
  reportKey: 'revenue-variance',
  provider: 'metabase',
  externalId: '42',
});

const provider = createMetabaseProvider(config, { now: () => NOW });

/** The token of a minted URL, checked against the secret key at the mint's time. */
async function verified(embedUrl: string) {
  const url = new URL(embedUrl);
  const token = url.pathname.replace(/^\/embed\/dashboard\//, '');
  const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(config.secretKey), {
    algorithms: ['HS256'],
    currentDate: new Date(NOW),
  });
  return { url, token, payload, protectedHeader };
}

describe('Metabase signed embedding', () => {
  it('signs the dashboard with the tenant locked in its parameter and a short expiry', async () => {
    expect(provider.name).toBe('metabase');
    expect(provider.origin).toBe('https://metabase.understanding.test');

    const minted = await provider.mint({ assignment: assignment(), viewer, tenant: agencyTenant });
    const { url, payload, protectedHeader } = await verified(minted.embedUrl);

    expect(url.origin).toBe(config.siteUrl);
    expect(url.pathname).toMatch(/^\/embed\/dashboard\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(url.hash).toBe('#bordered=false&titled=true');
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toEqual({ resource: { dashboard: 42 }, params: { tenant: agencyUuid }, exp: EXP });
    expect(minted).toEqual({
      embedUrl: minted.embedUrl,
      expiration: new Date(EXP * 1000),
      accessToken: null,
      reportId: null,
    });
    expect(minted.embedUrl).not.toContain(config.secretKey);
  });

  it("uses the network's uuid for a network-level view", async () => {
    const minted = await provider.mint({ assignment: assignment(), viewer, tenant: networkTenant });
    const { payload } = await verified(minted.embedUrl);
    expect(payload.params).toEqual({ tenant: networkUuid });
  });

  it('names the tenant parameter from the assignment, locks its other parameters, and no parameter replaces the tenant', async () => {
    const minted = await provider.mint({
      assignment: assignment({
        externalId: '7',
        parameters: {
          tenantParameter: 'agency_id',
          internalParameter: 'internal',
          region: 'midwest',
          agency_id: 'someone-else',
        },
      }),
      viewer: staff,
      tenant: agencyTenant,
    });
    const { payload } = await verified(minted.embedUrl);
    expect(payload.resource).toEqual({ dashboard: 7 });
    expect(payload.params).toEqual({ agency_id: agencyUuid, internal: 'true', region: 'midwest' });

    const asUser = await provider.mint({
      assignment: assignment({ parameters: { internalParameter: 'internal', tenant: 'forged' } }),
      viewer,
      tenant: agencyTenant,
    });
    expect((await verified(asUser.embedUrl)).payload.params).toEqual({
      tenant: agencyUuid,
      internal: 'false',
    });
  });

  it('fails verification with another secret', async () => {
    const minted = await provider.mint({ assignment: assignment(), viewer, tenant: agencyTenant });
    const token = new URL(minted.embedUrl).pathname.replace(/^\/embed\/dashboard\//, '');
    await expect(
      jwtVerify(token, new TextEncoder().encode('b'.repeat(64)), { currentDate: new Date(NOW) }),
    ).rejects.toThrow(/signature verification failed/);
  });

  it('refuses a dashboard id that is not a positive whole number', async () => {
    for (const externalId of ['abc', '0', '-3', '1.5', '1e3', '12345678901234567890', '']) {
      const attempt = provider.mint({ assignment: assignment({ externalId }), viewer, tenant: agencyTenant });
      await expect(attempt).rejects.toThrow(EmbedProviderError);
      await expect(attempt).rejects.toThrow(/positive whole number/);
    }
  });

  it("refuses another agency's assignment", async () => {
    await expect(
      provider.mint({ assignment: assignment({ agencyUuid: randomUUID() }), viewer, tenant: agencyTenant }),
    ).rejects.toThrow(/not assigned to this network or agency/);
  });
});
