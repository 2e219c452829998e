import { startFakePowerBi } from '../support/fake-powerbi.ts';
import { startFakeEmbedSite } from './fake-embed-site.ts';
import { allSlots } from './slots.ts';

/** The origin powerbi-client accepts for report frames; the spec routes it to the fake site. */
export const POWERBI_EMBED_ORIGIN = 'https://app.powerbi.com';

/**
 * Playwright global setup: for each slot (tests/e2e/slots.ts), the embedded dashboards' providers for
 * that slot's app (playwright.config.ts points the app at them): the Power BI REST fake (Entra token,
 * reports, GenerateToken) on its `powerBiPort`, and the providers' pages (tests/e2e/fake-embed-site.ts)
 * on its `embedPort`. Their failure switches are per slot, so one worker's never reach another's.
 */
export default async function startEmbedProviders() {
  const started = await Promise.all(
    allSlots().map(async (s) => {
      const powerBi = await startFakePowerBi({ port: s.powerBiPort, embedOrigin: POWERBI_EMBED_ORIGIN });
      const site = await startFakeEmbedSite({ port: s.embedPort, powerBi });
      return [powerBi, site];
    }),
  );
  return async () => {
    await Promise.all(started.flat().map((fake) => fake.close()));
  };
}
