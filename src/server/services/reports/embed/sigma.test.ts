import { embedFixtures } from '#tests/support/embed-fixtures.ts';
import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { SigmaConfig } from '#server/config.ts';
import { EmbedProviderError } from './embed-provider.ts';
import { createSigmaProvider, mintSigmaEmbed } from './sigma.ts';

const config: SigmaConfig = {
  clientId: 'sigma-embed-client-id',
  secret: 'sigma-embed-secret-0123456789abcdef',
  baseUrl: 'https://app.sigmacomputing.com/understanding',
  embedTtlSeconds: 3600,
  accountType: null,
  teams: [],
};
const key = new TextEncoder().encode(config.secret);
const NOW = Date.UTC(2025, 4, 15, 12, 0, 0, 250);
const IAT = Math.floor(NOW / 1000);

const {
  networkUuid,
  agencyUuid,
  agencyTenant,
  networkTenant,
  viewer: agencyUser,
  staff,
  assignment,
} = embedFixtures({
  reportKey: 'retention',
  provider: 'sigma',
  externalId: 'Retention-1aaaaaaaa2BBBB3CCCCCCCdE',
});

/** The JWT of a minted URL, checked against the configured secret at the mint's time. */
async function verified(embedUrl: string) {
  const url = new URL(embedUrl);
  const token = url.searchParams.get(':jwt') ?? '';
  const { payload, protectedHeader } = await jwtVerify(token, key, {
    algorithms: ['HS256'],
    currentDate: new Date(NOW),
  });
  return { url, token, payload, protectedHeader };
}

describe('Sigma JWT embed URLs', () => {
  it('signs the workbook URL for the viewer with the tenant and the internal flag as user attributes', async () => {
    const provider = createSigmaProvider(config, { now: () => NOW });
    expect(provider.name).toBe('sigma');
    expect(provider.origin).toBe('https://app.sigmacomputing.com');

    const minted = await provider.mint({
      assignment: assignment(),
      viewer: agencyUser,
      tenant: agencyTenant,
    });
    const { url, token, payload, protectedHeader } = await verified(minted.embedUrl);

    expect(`${url.origin}${url.pathname}`).toBe(
      'https://app.sigmacomputing.com/understanding/workbook/Retention-1aaaaaaaa2BBBB3CCCCCCCdE',
    );
    expect(url.searchParams.get(':embed')).toBe('true');
    expect(url.searchParams.get(':responsive_height')).toBe('true');
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT', kid: config.clientId });
    expect(payload).toEqual({
      sub: 'owner@agency.test',
      jti: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ) as unknown,
      iss: config.clientId,
      iat: IAT,
      exp: IAT + 3600,
      user_attributes: {
        tenant_kind: 'agency',
        network_uuid: networkUuid,
        agency_uuid: agencyUuid,
        is_internal: 'false',
      },
    });
    expect(minted).toEqual({
      embedUrl: minted.embedUrl,
      expiration: new Date((IAT + 3600) * 1000),
      accessToken: null,
      reportId: null,
    });
    expect(minted.embedUrl).not.toContain(config.secret);
    expect(decodeProtectedHeader(token).kid).toBe(config.clientId);
  });

  it('flags internal staff and names only the network for a network-level view', async () => {
    const provider = createSigmaProvider({ ...config, embedTtlSeconds: 600 }, { now: () => NOW });
    const minted = await provider.mint({ assignment: assignment(), viewer: staff, tenant: networkTenant });
    const { payload } = await verified(minted.embedUrl);
    expect(payload.sub).toBe('staff@understanding.test');
    expect(payload.exp).toBe(IAT + 600);
    expect(payload.user_attributes).toEqual({
      tenant_kind: 'network',
      network_uuid: networkUuid,
      is_internal: 'true',
    });
  });

  it('gives every URL its own jti (Sigma refuses a JWT it has seen)', async () => {
    const provider = createSigmaProvider(config, { now: () => NOW });
    const input = { assignment: assignment(), viewer: agencyUser, tenant: agencyTenant };
    const first = await verified((await provider.mint(input)).embedUrl);
    const second = await verified((await provider.mint(input)).embedUrl);
    expect(first.payload.jti).not.toBe(second.payload.jti);
  });

  it('adds account_type and teams when configured, and an assignment may override them', async () => {
    const configured = { ...config, accountType: 'Viewer', teams: ['Agencies', 'Network members'] };
    const provider = createSigmaProvider(configured, { now: () => NOW });
    const plain = await verified(
      (await provider.mint({ assignment: assignment(), viewer: agencyUser, tenant: agencyTenant })).embedUrl,
    );
    expect(plain.payload.account_type).toBe('Viewer');
    expect(plain.payload.teams).toEqual(['Agencies', 'Network members']);

    const overridden = await verified(
      (
        await provider.mint({
          assignment: assignment({ parameters: { accountType: 'Creator', teams: ' Retention , ' } }),
          viewer: agencyUser,
          tenant: agencyTenant,
        })
      ).embedUrl,
    );
    expect(overridden.payload.account_type).toBe('Creator');
    expect(overridden.payload.teams).toEqual(['Retention']);
  });

  it('mints for a workbook named by POST /api/sigma/embed, pages included', async () => {
    const minted = await mintSigmaEmbed(
      config,
      { workbookId: 'Lift-Analysis-3xYz/page/pg1', viewer: agencyUser, tenant: agencyTenant },
      NOW,
    );
    const { url, payload } = await verified(minted.embedUrl);
    expect(url.pathname).toBe('/understanding/workbook/Lift-Analysis-3xYz/page/pg1');
    expect(payload.user_attributes).toMatchObject({ agency_uuid: agencyUuid, is_internal: 'false' });
  });

  it('fails verification with another secret', async () => {
    const minted = await mintSigmaEmbed(
      config,
      { workbookId: 'Retention-1aaa', viewer: agencyUser, tenant: agencyTenant },
      NOW,
    );
    const token = new URL(minted.embedUrl).searchParams.get(':jwt') ?? '';
    await expect(
      jwtVerify(token, new TextEncoder().encode('another-secret-0123456789abcdef'), {
        currentDate: new Date(NOW),
      }),
    ).rejects.toThrow(/signature verification failed/);
  });

  it('refuses workbook ids that would leave the workbook path, and assignments of another tenant', async () => {
    for (const workbookId of ['../admin', 'a b', '', 'Retention?x=1', 'x/../../y']) {
      await expect(
        mintSigmaEmbed(config, { workbookId, viewer: agencyUser, tenant: agencyTenant }, NOW),
      ).rejects.toThrow(EmbedProviderError);
    }
    const provider = createSigmaProvider(config, { now: () => NOW });
    await expect(
      provider.mint({
        assignment: assignment({ agencyUuid: randomUUID() }),
        viewer: agencyUser,
        tenant: agencyTenant,
      }),
    ).rejects.toThrow(/not assigned to this network or agency/);
    await expect(
      provider.mint({
        assignment: assignment({ networkUuid: randomUUID() }),
        viewer: agencyUser,
        tenant: agencyTenant,
      }),
    ).rejects.toThrow(EmbedProviderError);
  });
});
