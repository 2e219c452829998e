import type { EmbedsConfig } from '#server/config.ts';
import { EMBED_PROVIDERS } from '#shared/domain/reports.ts';
import type { EmbedProviders } from './embed-provider.ts';
import { createMetabaseProvider } from './metabase.ts';
import { createPowerBiProvider } from './powerbi.ts';
import { createSigmaProvider } from './sigma.ts';

export type EmbedProvidersOptions = {
  /** The clock (ms since epoch) every provider uses, for tests. */
  now?: () => number;
};

/**
 * The embed providers this server is configured for (DESIGN §3 "embedded BI"): a provider without
 * its credentials is absent, so its dashboards cannot show and the admin page says so.
 */
export function createEmbedProviders(
  embeds: EmbedsConfig,
  options: EmbedProvidersOptions = {},
): EmbedProviders {
  const { powerbi, sigma, metabase } = embeds;
  const providers: EmbedProviders = {};
  if (powerbi) providers.powerbi = createPowerBiProvider(powerbi, options);
  if (sigma) providers.sigma = createSigmaProvider(sigma, options);
  if (metabase) providers.metabase = createMetabaseProvider(metabase, options);
  return providers;
}

/**
 * The origins embedded dashboards load from, for the CSP frame-src (spec part 1 §9: frames only from the
 * configured providers), without duplicates, in EMBED_PROVIDERS order.
 */
export function embedFrameOrigins(providers: EmbedProviders): string[] {
  const origins = EMBED_PROVIDERS.flatMap((name) => {
    const provider = providers[name];
    return provider ? [provider.origin] : [];
  });
  return [...new Set(origins)];
}
