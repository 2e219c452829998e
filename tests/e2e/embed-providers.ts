import { startFakePowerBi } from '../support/fake-powerbi.ts';
import { startFakeEmbedSite } from './fake-embed-site.ts';

/** The origin powerbi-client accepts for report frames; the spec routes it to the fake site. */
export const POWERBI_EMBED_ORIGIN = 'https://app.powerbi.com';

/**
 * Playwright global setup: the embedded dashboards' providers for the app under test
 * (playwright.config.ts points the app at them): the Power BI REST fake (Entra token, reports,
 * GenerateToken) on `E2E_POWERBI_PORT`, and the providers' pages (tests/e2e/fake-embed-site.ts) on
 * `E2E_EMBED_PORT`.
 */
export default async function startEmbedProviders() {
  const powerBi = await startFakePowerBi({
    port: Number(process.env.E2E_POWERBI_PORT),
    embedOrigin: POWERBI_EMBED_ORIGIN,
  });
  const site = await startFakeEmbedSite({ port: Number(process.env.E2E_EMBED_PORT), powerBi });
  return async () => {
    await Promise.all([powerBi.close(), site.close()]);
  };
}
