import type { FastifyBaseLogger } from 'fastify';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '#server/db/schema/auth.ts';
import { secondFactorRequired } from '#server/services/mfa/mfa-service.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { CLIENT_ADDRESS_HEADER } from './client-address.ts';
import { hashedResetTokens, passwordResetOptions, passwordRulesHook } from './password-reset.ts';
import { newSessionDeadline } from './session-limits.ts';

/**
 * The sign-in library: e-mail and password, sessions in the database (HttpOnly cookies), rate-limit
 * counters in the database so every app server shares them. Self sign-up is off: people join by
 * invitation. Password reset e-mails a single-use link to /reset-password (auth/password-reset.ts).
 */
export function createAuth(db: Db, config: Config, log: FastifyBaseLogger, mailer: Mailer) {
  const configuredOrigin = new URL(config.publicUrl).origin;
  return betterAuth({
    appName: 'Understanding',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db as never, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    advanced: {
      cookiePrefix: 'understanding',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      database: { generateId: 'uuid' },
      // The client's address is the one Fastify resolved under TRUST_PROXY, set by the app on every
      // call it forwards (auth/client-address.ts); the library never reads X-Forwarded-For itself.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    // Same-origin requests are always trusted, whatever host name the server is reached by.
    trustedOrigins: (request) => {
      const host = request?.headers.get('host');
      const proto = request?.headers.get('x-forwarded-proto') ?? 'http';
      return host ? [configuredOrigin, `${proto}://${host}`] : [configuredOrigin];
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      ...passwordResetOptions({ db, mailer, publicUrl: config.publicUrl, log }),
    },
    verification: { storeIdentifier: hashedResetTokens },
    hooks: { before: passwordRulesHook },
    user: {
      // Product fields the session must carry to resolve the actor; never settable through the auth API.
      additionalFields: {
        userType: { type: 'string', required: false, input: false },
        agencyUuid: { type: 'string', required: false, input: false },
        networkUuid: { type: 'string', required: false, input: false },
        isOwner: { type: 'boolean', required: false, input: false },
        isAdministrator: { type: 'boolean', required: false, input: false },
        isActive: { type: 'boolean', required: false, input: false },
      },
    },
    // A session ends after SESSION_IDLE_MINUTES without a request and SESSION_MAX_HOURS after sign-in
    // (auth/session-limits.ts). The row's expires_at holds that deadline: set at creation below and
    // moved by the app's session resolution as the user is active, never by the library (its sliding
    // refresh knows no absolute limit). The cookie lives for the absolute limit; the row decides.
    session: {
      expiresIn: config.sessions.maxHours * 60 * 60,
      disableSessionRefresh: true,
      additionalFields: {
        revokedAt: { type: 'date', required: false, input: false },
        mfaPending: { type: 'boolean', required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A user enrolled with an authenticator app or e-mail codes gets a session that opens only
          // the second-step calls until a code is verified (services/mfa).
          before: async (session) => ({
            data: {
              ...session,
              expiresAt: newSessionDeadline(new Date(), config.sessions),
              mfaPending: await secondFactorRequired(db, session.userId),
            },
          }),
        },
      },
    },
    rateLimit: {
      enabled: config.nodeEnv !== 'test',
      storage: 'database',
      window: 60,
      max: 300,
      customRules: { '/sign-in/email': { window: 60, max: 20 } },
    },
    telemetry: { enabled: false },
    // The library's own messages go to the server log, not the console.
    logger: { log: (level, message) => log[level]({ component: 'auth' }, message) },
  });
}

export type Auth = ReturnType<typeof createAuth>;
