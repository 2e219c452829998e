import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { levelsResponseSchema, type LevelsResponse } from '#shared/contracts/levels.ts';
import type { User } from '#shared/contracts/user.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useCurrentUser } from './current-user.ts';

/** The URL search parameter that carries the chosen level. */
export const LEVEL_PARAM = 'level';

export const levelsQuery = queryOptions({
  queryKey: ['levels'],
  queryFn: ({ signal }) => apiRequest('/api/levels', levelsResponseSchema, { signal }),
  staleTime: 10 * 60 * 1000,
});

/** Network and internal users choose a level; agency users are fixed to their agency. */
export function choosesLevel(user: Pick<User, 'userType'>): boolean {
  return user.userType !== 'agency';
}

/** Every level the user may choose: selectable networks and every agency listed. */
export function levelUuids(levels: LevelsResponse): Set<string> {
  const uuids = new Set<string>();
  for (const network of levels.networks) {
    if (network.selectable) uuids.add(network.uuid);
    for (const agency of network.agencies) uuids.add(agency.uuid);
  }
  return uuids;
}

/** Without a choice: the user's own network when selectable, else the first level listed. */
export function defaultLevel(levels: LevelsResponse, user: Pick<User, 'network'>): string | undefined {
  const own = levels.networks.find((n) => n.uuid === user.network?.uuid && n.selectable);
  if (own) return own.uuid;
  const first = levels.networks[0];
  if (!first) return undefined;
  return first.selectable ? first.uuid : first.agencies[0]?.uuid;
}

/**
 * The level (network or agency uuid) reports are computed for: the agency of an agency user; for
 * network and internal users the `level` search parameter when it names a level they may choose,
 * else their default. Undefined while the levels load: report queries wait (`enabled: !!levelUuid`).
 */
export function useLevel(): string | undefined {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const chooses = choosesLevel(user);
  const { data } = useQuery({ ...levelsQuery, enabled: chooses });
  if (!chooses) return user.agency?.uuid;
  if (!data) return undefined;
  const requested = params.get(LEVEL_PARAM);
  if (requested && levelUuids(data).has(requested)) return requested;
  return defaultLevel(data, user);
}
