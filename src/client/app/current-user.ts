import { queryOptions, useQuery } from '@tanstack/react-query';
import { userResponseSchema, type User } from '#shared/contracts/user.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** GET /api/user, shared by the whole shell. Its first 401 is the frame's (to sign-in), not the modal's. */
export const currentUserQuery = queryOptions({
  queryKey: ['user'],
  queryFn: ({ signal }) => apiRequest('/api/user', userResponseSchema, { signal }),
  staleTime: 5 * 60 * 1000,
  retry: false,
  meta: { handlesFirstSignedOut: true },
});

/** The signed-in user; only used below the frame, which renders once the user is known. */
export function useCurrentUser(): User {
  const { data } = useQuery(currentUserQuery);
  if (!data) throw new Error('useCurrentUser used outside the signed-in frame');
  return data.user;
}

/** What the header says the user works for: the agency, else the network, else the product's staff. */
export function organisationName(user: User): string {
  return user.agency?.name ?? user.network?.name ?? 'Understanding staff';
}
