import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { ErrorResponse } from '#shared/contracts/errors.ts';
import { userTypeSchema } from '#shared/contracts/user.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Db } from '#server/db/client.ts';
import type { SessionLimits } from '#server/config.ts';
import type { Auth } from './auth.ts';
import { authHeaders } from './client-address.ts';
import { clearFailedSignIns, lockedMessage, lockedMinutes, recordFailedSignIn } from './lockout.ts';
import { PASSWORD_RULES } from './password-reset.ts';
import { endSession, sessionActivity, touchSession } from './session-limits.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** The session cookie named a session that staff revoked. */
    sessionRevoked: boolean;
    /** A session whose password is proven but whose second factor is still owed (services/mfa). */
    pendingMfa: { userId: string; sessionId: string } | null;
  }
}

/**
 * Resolves the session cookie into an actor on every request (null when signed out, inactive,
 * unknown or expired). Routes that need a user call `requireActor`. Each authenticated request is
 * activity: a session idle for `limits.idleMinutes`, or signed in `limits.maxHours` ago, ends (its
 * row is deleted and the call answers 401); otherwise its last-seen time moves, at most once a minute.
 */
export function registerSessionResolution(
  app: FastifyInstance,
  auth: Auth,
  db: Db,
  limits: SessionLimits,
): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionRevoked', false);
  app.decorateRequest('pendingMfa', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result) return;
    if (result.session.revokedAt) {
      request.sessionRevoked = true;
      return;
    }
    const now = new Date();
    const activity = sessionActivity(result.session, limits, now);
    if (activity === 'expired') {
      await endSession(db, result.session.id);
      return;
    }
    if (activity === 'touch') await touchSession(db, result.session, limits, now);
    const u = result.user;
    const userType = userTypeSchema.safeParse(u.userType);
    if (!userType.success || u.isActive === false) return;
    if (result.session.mfaPending) {
      request.pendingMfa = { userId: u.id, sessionId: result.session.id };
      return;
    }
    request.actor = {
      userId: u.id,
      email: u.email,
      userType: userType.data,
      agencyUuid: u.agencyUuid ?? null,
      networkUuid: u.networkUuid ?? null,
      isOwner: u.isOwner === true,
      isAdministrator: u.isAdministrator === true,
      sessionId: result.session.id,
    };
    request.log = request.log.child({ userId: u.id });
  });
}

/** The caller, or a 401 when there is no valid session. */
export function requireActor(request: FastifyRequest): Actor {
  if (request.sessionRevoked) {
    throw new AppError(
      'unauthorized',
      'Your session was ended by an administrator. Please sign in again.',
      undefined,
      true,
    );
  }
  if (!request.actor)
    throw new AppError('unauthorized', 'You are not signed in, or your session has expired.');
  return request.actor;
}

/** The session that still owes its second factor, or a 401 (the MFA sign-in calls only). */
export function requirePendingMfa(request: FastifyRequest): { userId: string; sessionId: string } {
  if (!request.pendingMfa)
    throw new AppError('unauthorized', 'There is no sign-in waiting for a code. Sign in again.');
  return request.pendingMfa;
}

/** The address of a password sign-in (POST /api/auth/sign-in/email), else null. */
function signInEmail(method: string, url: URL, body: unknown): string | null {
  if (method !== 'POST' || url.pathname !== '/api/auth/sign-in/email') return null;
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email : null;
}

/**
 * Forwards /api/auth/* to the sign-in library, translating between Fastify and web Request/Response.
 * Password sign-ins pass the lockout first (ten failures in a row lock the address for a while).
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, db: Db): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      const email = signInEmail(request.method, url, request.body);
      if (email) {
        const minutes = await lockedMinutes(db, email);
        if (minutes !== null) throw new AppError('locked', lockedMessage(minutes));
      }
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: authHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      if (email && response.status === 401) await recordFailedSignIn(db, email);
      else if (email && response.ok) await clearFailedSignIns(db, email);
      const text = response.body ? await response.text() : null;
      const refused = response.status === 400 && text !== null ? passwordRefusal(text, request.id) : null;
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key !== 'set-cookie' && !(refused && key === 'content-length')) reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(refused ?? text);
    },
  });
}

/**
 * A new password the product's rules refuse (reset or change, auth/password-reset.ts): the library's
 * answer `{ code, message }` gains the app's error shape with the message on the `newPassword` field,
 * so the forms show it where the password is typed. Any other answer is left as the library wrote it.
 */
function passwordRefusal(text: string, requestId: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  if (code !== PASSWORD_RULES || typeof message !== 'string') return null;
  const shaped: ErrorResponse = {
    error: { code: 'bad_request', message, fields: { newPassword: message } },
    referenceId: requestId,
  };
  return JSON.stringify({ code, message, ...shaped });
}
