import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The digest's unsubscribe link (decision 071): the user's uuid and an HMAC-SHA256 of it under the
 * server's secret (AUTH_SECRET), so the link works without signing in and cannot be made for
 * another user. It turns only the digest off, so it does not expire.
 */
const PURPOSE = 'digest-unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: string, userUuid: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${userUuid}`).digest('base64url');

export function unsubscribeToken(secret: string, userUuid: string): string {
  return `${userUuid}.${mac(secret, userUuid)}`;
}

/** The user a token names, or null when it is malformed or its signature does not match. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [userUuid, signature, ...rest] = token.split('.');
  if (!userUuid || !signature || rest.length > 0 || !UUID.test(userUuid)) return null;
  const expected = Buffer.from(mac(secret, userUuid));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userUuid : null;
}

/** The page of the e-mail's link, and the address of one-click unsubscribe (RFC 8058). */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/digest/unsubscribe?token=${encodeURIComponent(token)}`;
export const unsubscribeApiUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/digest/unsubscribe?token=${encodeURIComponent(token)}`;
