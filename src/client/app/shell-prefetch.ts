import type { QueryClient } from '@tanstack/react-query';
import type { User } from '#shared/contracts/user.ts';
import {
  accessRecordsQuery,
  featureFlagsQuery,
  portalPermissionsQuery,
  productFeaturesQuery,
  subscriptionFeaturesQuery,
} from './access.ts';
import { currentUserQuery } from './current-user.ts';
import { choosesLevel, defaultLevel, LEVEL_PARAM, levelsQuery, levelUuids } from './level.ts';
import { isInvalidUser, needsMfaSetup } from './session-rules.ts';

/** Carrier Production: where '/' leads most users, and the report most opened directly. */
const PRODUCTION_PATH = '/production';

/**
 * The first paint in one round trip (decision 056). The shell's components each ask for what they
 * need as they mount: the user, then the flags behind the identification gate, then the access
 * records behind the layout, then the page's code, then its report — five round trips in a row.
 * This starts them together as the app boots: the landing page's code at once, and, as soon as the
 * user is known to be signed in and let in, every query the shell and the page will ask for. The
 * components then find them in flight or answered. Nothing here decides anything: a query that
 * fails is asked again by the component that needs it, and shows its error there.
 */
export function prefetchShell(client: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  const { pathname } = location;
  const production = pathname === '/' || pathname === PRODUCTION_PATH;
  if (production) void import('#client/features/production/carrier-production-page.tsx');
  client.fetchQuery(currentUserQuery).then(
    ({ user }) => {
      if (isInvalidUser(user) || !user.bypassExternalSubscriber || needsMfaSetup(user)) return;
      void client.prefetchQuery(featureFlagsQuery);
      void client.prefetchQuery(accessRecordsQuery);
      void client.prefetchQuery(productFeaturesQuery);
      void client.prefetchQuery(subscriptionFeaturesQuery);
      void client.prefetchQuery(portalPermissionsQuery);
      if (pathname === PRODUCTION_PATH) void prefetchProduction(client, user, location.search);
    },
    // Signed out or failing: the frame's own query shows what to do.
    () => {},
  );
}

/** The level the page will compute for, as `useLevel` decides it. */
async function levelOf(
  client: QueryClient,
  user: User,
  params: URLSearchParams,
): Promise<string | undefined> {
  if (!choosesLevel(user)) return user.agency?.uuid;
  const levels = await client.fetchQuery(levelsQuery);
  const requested = params.get(LEVEL_PARAM);
  if (requested && levelUuids(levels).has(requested)) return requested;
  return defaultLevel(levels, user);
}

async function prefetchProduction(client: QueryClient, user: User, search: string): Promise<void> {
  const params = new URLSearchParams(search);
  const [levelUuid, { prefetchProductionReport }] = await Promise.all([
    levelOf(client, user, params),
    import('#client/features/production/production-prefetch.ts'),
  ]);
  if (levelUuid) await prefetchProductionReport(client, params, levelUuid);
}
