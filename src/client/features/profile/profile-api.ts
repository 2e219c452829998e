import { queryOptions } from '@tanstack/react-query';
import {
  profileResponseSchema,
  resetPasswordResponseSchema,
  type ProfileUpdate,
} from '#shared/contracts/profile.ts';
import {
  digestSettingResponseSchema,
  unsubscribeResponseSchema,
  type DigestSettingInput,
} from '#shared/contracts/digest.ts';
import { apiRequest, apiSend } from '#client/lib/api-client.ts';

/** GET /api/profile/users?userUuid=: the server answers only the caller's own profile. */
export const profileQuery = (userUuid: string) =>
  queryOptions({
    queryKey: ['profile', userUuid],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/profile/users?${new URLSearchParams({ userUuid }).toString()}`,
        profileResponseSchema,
        { signal },
      ),
  });

export const updateProfile = (body: ProfileUpdate) =>
  apiRequest('/api/profile/users', profileResponseSchema, { method: 'PUT', body });

/** E-mails the signed-in user a link to reset the password. */
export const requestOwnPasswordReset = () =>
  apiRequest('/api/profile/reset-password', resetPasswordResponseSchema, { method: 'POST' });

/** Signed out: asks for a reset link for an address (the answer never says whether it has an account). */
export const requestPasswordReset = (email: string) =>
  apiSend('/api/auth/request-password-reset', { method: 'POST', body: { email } });

/** Sets the new password with the token of the e-mailed link (single use; ends every session). */
export const resetPassword = (token: string, newPassword: string) =>
  apiSend('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });

/** GET /api/profile/digest: the caller's monthly digest setting, and whether it is offered. */
export const digestSettingQuery = queryOptions({
  queryKey: ['profile', 'digest'],
  queryFn: ({ signal }) => apiRequest('/api/profile/digest', digestSettingResponseSchema, { signal }),
});

export const saveDigestSetting = (body: DigestSettingInput) =>
  apiRequest('/api/profile/digest', digestSettingResponseSchema, { method: 'PUT', body });

/** The e-mail's unsubscribe link: no sign-in, the signed token says whose digest. */
export const unsubscribeFromDigest = (token: string) =>
  apiRequest(
    `/api/digest/unsubscribe?${new URLSearchParams({ token }).toString()}`,
    unsubscribeResponseSchema,
    { method: 'POST' },
  );
