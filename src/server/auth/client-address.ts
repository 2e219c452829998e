import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { TrustProxy } from '#server/config.ts';

/**
 * The one header the sign-in library reads the client's address from (its rate limits, the session's
 * address). The app sets it from Fastify's `request.ip` on every call it forwards, after removing
 * whatever the caller sent, so both count the same client and a forged header changes nothing.
 */
export const CLIENT_ADDRESS_HEADER = 'x-understanding-client-address';

/** Headers a client or a proxy may use to name an address; only `request.ip` speaks for it. */
const ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded', CLIENT_ADDRESS_HEADER];

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify ignores a bare hop count (it trusts nothing for
 * one), so a count becomes the function it stands for: the last `hops` addresses of the chain are
 * proxies, and the one before them is the client (docs/decisions: proxy-aware client addresses).
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address: string, hop: number) => hop < hops;
}

/** The request's headers for the sign-in library, with the client's address as Fastify resolved it. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  for (const name of ADDRESS_HEADERS) headers.delete(name);
  if (request.ip) headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  return headers;
}
