import { describe, expect, it } from 'vitest';
import { EMBED_REFRESH_MARGIN_MS } from '#shared/domain/reports.ts';
import { loadConfig, MIN_EMBED_TTL_SECONDS } from '#server/config.ts';

const metabase = {
  METABASE_SITE_URL: 'https://metabase.example.test',
  METABASE_SECRET_KEY: 'a'.repeat(64),
};
const sigma = {
  SIGMA_CLIENT_ID: 'client',
  SIGMA_SECRET: 'secret',
  SIGMA_BASE_URL: 'https://app.sigmacomputing.com/org',
};
const load = (env: Record<string, string>) => loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...env });

describe('embed link lifetimes', () => {
  it('must be at least twice the margin the page renews a link before it expires', () => {
    expect(MIN_EMBED_TTL_SECONDS * 1000).toBe(2 * EMBED_REFRESH_MARGIN_MS);
    for (const seconds of ['60', '61', String(MIN_EMBED_TTL_SECONDS - 1)]) {
      expect(() => load({ ...metabase, METABASE_EMBED_TTL_SECONDS: seconds })).toThrow(
        `METABASE_EMBED_TTL_SECONDS: must be at least ${MIN_EMBED_TTL_SECONDS} seconds: the page renews a link 60 seconds before it expires`,
      );
      expect(() => load({ ...sigma, SIGMA_EMBED_TTL_SECONDS: seconds })).toThrow(
        `SIGMA_EMBED_TTL_SECONDS: must be at least ${MIN_EMBED_TTL_SECONDS} seconds`,
      );
    }
  });

  it('takes the shortest lifetime allowed and keeps the defaults', () => {
    const shortest = String(MIN_EMBED_TTL_SECONDS);
    const config = load({
      ...metabase,
      ...sigma,
      METABASE_EMBED_TTL_SECONDS: shortest,
      SIGMA_EMBED_TTL_SECONDS: shortest,
    });
    expect(config.embeds.metabase?.embedTtlSeconds).toBe(MIN_EMBED_TTL_SECONDS);
    expect(config.embeds.sigma?.embedTtlSeconds).toBe(MIN_EMBED_TTL_SECONDS);
    const defaults = load({ ...metabase, ...sigma });
    expect(defaults.embeds.metabase?.embedTtlSeconds).toBe(600);
    expect(defaults.embeds.sigma?.embedTtlSeconds).toBe(3600);
  });
});
