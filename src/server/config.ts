import { DEFAULT_PAST_DUE_GRACE_DAYS } from '#shared/domain/subscription.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import { z } from 'zod';
import { EMBED_REFRESH_MARGIN_MS } from '#shared/domain/reports.ts';

/** The project root: the nearest folder above this file that holds package.json (works from src/ and dist/). */
export const appRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (package.json) above ' + dir);
    dir = parent;
  }
  return dir;
})();

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** A Sentry (or GlitchTip) DSN: the project's public key as the user name, the project id last. */
const SENTRY_DSN = /^https?:\/\/[^@/\s]+@[^/\s]+\/(?:[^\s]*\/)?\d+\/?$/;

/**
 * Which proxies in front of the server may say who the client is (X-Forwarded-For), in the forms
 * Fastify's `trustProxy` takes: none (false, the default), every one (true), a number of hops, or
 * the proxies' addresses and CIDR ranges (proxy-addr's names loopback, linklocal and uniquelocal too).
 */
export type TrustProxy = boolean | number | string[];

const TRUST_PROXY_FORMS =
  'must be false (the default: no proxy), true (trust every proxy), a number of proxy hops such as 1, ' +
  'or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.5,192.168.0.0/16';

const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, optionally with a CIDR prefix that fits its family (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(entry: string): boolean {
  if (PROXY_ADDR_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY read into Fastify's forms; null when it is none of them. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? false : hops <= 32 ? hops : null;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : null;
}

/**
 * The page asks for a new embed link EMBED_REFRESH_MARGIN_MS before the old one expires; a lifetime
 * of less than twice that would make it renew links faster than it uses them (at or below the margin,
 * every few seconds), so the configuration refuses it.
 */
export const MIN_EMBED_TTL_SECONDS = (2 * EMBED_REFRESH_MARGIN_MS) / 1000;
const minEmbedTtlMessage = `must be at least ${MIN_EMBED_TTL_SECONDS} seconds: the page renews a link ${EMBED_REFRESH_MARGIN_MS / 1000} seconds before it expires, so a shorter one would be renewed almost as soon as it is shown`;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const setting = parseTrustProxy(value);
      if (setting === null) {
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
        return z.NEVER;
      }
      return setting;
    }),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url('must be a URL such as http://localhost:3000').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPORT_EMAIL: z.string().email('must be an e-mail address').default('support@understanding.local'),
  DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
  HELP_SITE_URL: z.string().url('must be a URL').optional(),
  TERMS_URL: z.string().url('must be a URL').optional(),
  AI_CHAT_URL: z.string().url('must be a URL').optional(),
  UPLOAD_PORTAL_URL: z.string().url('must be a URL').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Understanding <no-reply@understanding.local>'),
  JIRA_URL: z.string().url('must be a URL such as https://your-site.atlassian.net').optional(),
  JIRA_USER: z.string().min(1).optional(),
  JIRA_API_TOKEN: z.string().min(1).optional(),
  JIRA_PROJECT_KEY: z.string().min(1).optional(),
  JIRA_ISSUE_TYPE: z.string().min(1).default('Task'),
  JIRA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  POWERBI_TENANT_ID: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'must be the Microsoft Entra (Azure AD) tenant id or domain')
    .optional(),
  POWERBI_CLIENT_ID: z
    .string()
    .regex(GUID, "must be the app registration's application (client) id, a GUID")
    .optional(),
  POWERBI_CLIENT_SECRET: z.string().min(1, 'must not be empty').optional(),
  POWERBI_AUTHORITY_URL: z.string().url('must be a URL').default('https://login.microsoftonline.com'),
  POWERBI_API_URL: z.string().url('must be a URL').default('https://api.powerbi.com'),
  POWERBI_EMBED_ORIGIN: z.string().url('must be a URL').default('https://app.powerbi.com'),
  POWERBI_RLS_ROLE: z.string().trim().min(1, 'must not be empty').default('Tenant'),
  POWERBI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SIGMA_CLIENT_ID: z.string().min(1, 'must not be empty').optional(),
  SIGMA_SECRET: z.string().min(1, 'must not be empty').optional(),
  SIGMA_BASE_URL: z
    .string()
    .url('must be your Sigma organization URL such as https://app.sigmacomputing.com/your-org')
    .optional(),
  /** Sigma refuses a JWT whose exp is more than 30 days after its iat. */
  SIGMA_EMBED_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(MIN_EMBED_TTL_SECONDS, minEmbedTtlMessage)
    .max(2_592_000)
    .default(3600),
  SIGMA_ACCOUNT_TYPE: z.string().trim().min(1, 'must not be empty').optional(),
  SIGMA_TEAMS: z.string().optional(),
  METABASE_SITE_URL: z.string().url('must be a URL such as https://metabase.example.com').optional(),
  METABASE_SECRET_KEY: z
    .string()
    .regex(
      /^[0-9a-fA-F]{64}$/,
      "must be Metabase's embedding secret key: 64 hexadecimal characters (Admin settings > Embedding)",
    )
    .optional(),
  METABASE_EMBED_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(MIN_EMBED_TTL_SECONDS, minEmbedTtlMessage)
    .max(86_400)
    .default(600),
  SENTRY_DSN: z
    .string()
    .regex(SENTRY_DSN, 'must be a Sentry DSN such as https://<public key>@<host>/<project id>')
    .optional(),
  SENTRY_ENVIRONMENT: z.string().trim().min(1, 'must not be empty').optional(),
  SENTRY_TRACES_SAMPLE_RATE: z.coerce
    .number()
    .min(0, 'must be between 0 and 1')
    .max(1, 'must be between 0 and 1')
    .default(1),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
      'must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, "must be the webhook endpoint's signing secret (whsec_...)")
    .optional(),
  STRIPE_API_URL: z.string().url('must be a URL such as https://api.stripe.com').optional(),
  /** How often the monthly digest's scheduler looks for digests due (decision 071); 0 turns it off. */
  DIGEST_INTERVAL_SECONDS: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 (off) or more seconds')
    .max(86_400, 'must be at most 86400 seconds (a day)')
    .default(900),
  SUBSCRIPTION_GRACE_DAYS: z.coerce
    .number()
    .int('must be a whole number of days')
    .min(0, 'must be 0 or more days')
    .max(60, 'must be at most 60 days')
    .default(DEFAULT_PAST_DUE_GRACE_DAYS),
  /** A user waits at most this long for Stripe in one request (retries included). */
  STRIPE_TIMEOUT_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(1000, 'must be at least 1000 ms')
    .max(10_000, 'must be at most 10000 ms: a user waits no longer for a payment page')
    .default(10_000),
  /** The memory the network-wide answers kept in the server process may take (decision 094). */
  KEPT_ANSWERS_MB: z.coerce
    .number()
    .int('must be a whole number of megabytes')
    .min(64, 'must be at least 64 MB')
    .max(65_536, 'must be at most 65536 MB')
    .default(2048),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .max(1440, 'must be at most 1440 minutes (a day)')
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1 hour')
    .max(720, 'must be at most 720 hours (30 days)')
    .default(12),
});

const JIRA_VARIABLES = ['JIRA_URL', 'JIRA_USER', 'JIRA_API_TOKEN', 'JIRA_PROJECT_KEY'] as const;
const POWERBI_VARIABLES = ['POWERBI_TENANT_ID', 'POWERBI_CLIENT_ID', 'POWERBI_CLIENT_SECRET'] as const;
const SIGMA_VARIABLES = ['SIGMA_CLIENT_ID', 'SIGMA_SECRET', 'SIGMA_BASE_URL'] as const;
const METABASE_VARIABLES = ['METABASE_SITE_URL', 'METABASE_SECRET_KEY'] as const;
const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Jira Cloud, where new carrier requests become issues (REST API v2, basic auth with an API token). */
export type JiraConfig = {
  url: string;
  user: string;
  apiToken: string;
  projectKey: string;
  issueType: string;
  /** How long creating an issue may take before the request counts as failed. */
  timeoutMs: number;
};

/**
 * Power BI "embed for your customers" (app owns data): a service principal of a Microsoft Entra app
 * registration with access to the workspaces, and the row-level security role the tenant filter uses.
 */
export type PowerBiConfig = {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Microsoft Entra sign-in, e.g. https://login.microsoftonline.com (no trailing slash). */
  authorityUrl: string;
  /** The Power BI REST API, e.g. https://api.powerbi.com (no trailing slash). */
  apiUrl: string;
  /** The origin report frames load from (CSP frame-src, message origin). */
  embedOrigin: string;
  /** The RLS role of the effective identity when an assignment names none. */
  rlsRole: string;
  /** How long each call to Microsoft may take before the embed counts as failed. */
  timeoutMs: number;
};

/** Sigma JWT-signed embed URLs: embed client credentials and the organization's URL. */
export type SigmaConfig = {
  clientId: string;
  secret: string;
  /** The organization's URL, e.g. https://app.sigmacomputing.com/your-org (no trailing slash). */
  baseUrl: string;
  /** exp - iat of each JWT (Sigma allows at most 30 days). */
  embedTtlSeconds: number;
  /** account_type claim for embed users; null leaves Sigma's default. */
  accountType: string | null;
  /** teams claim for embed users; empty leaves it out. */
  teams: string[];
};

/** Metabase static (signed) embedding. */
export type MetabaseConfig = {
  /** Metabase's site URL, e.g. https://metabase.example.com (no trailing slash). */
  siteUrl: string;
  /** The embedding secret key (64 hexadecimal characters), used as the HS256 key. */
  secretKey: string;
  embedTtlSeconds: number;
};

/** The embed providers this server may mint for; null: not configured (its dashboards cannot show). */
export type EmbedsConfig = {
  powerbi: PowerBiConfig | null;
  sigma: SigmaConfig | null;
  metabase: MetabaseConfig | null;
};

/**
 * Billing through Stripe (docs/decisions/012). Null: billing is off and every subscriber is treated
 * as bypassed.
 */
export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls: Stripe's API, or a local fake in tests (host, port, protocol). */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
  /** The longest one request waits for Stripe, every attempt and retry included (default 10 s). */
  timeoutMs?: number;
};

/**
 * How long a signed-in session lasts: it ends after `idleMinutes` without an authenticated request,
 * and `maxHours` after sign-in whatever the activity (auth/session-limits.ts).
 */
export type SessionLimits = { idleMinutes: number; maxHours: number };

/**
 * Error reporting to Sentry or a self-hosted GlitchTip (observability/error-reporting.ts): every 5xx
 * of the server and every error of the browser, tagged with the request's reference id.
 */
export type ErrorReportingConfig = {
  dsn: string;
  environment: string;
  /** Share of requests traced; errors are always all sent (spec part 1 §9: sample rate 1). */
  tracesSampleRate: number;
};

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The proxies whose X-Forwarded-For names the client (Fastify's `request.ip`, the per-address limits). */
  trustProxy: TrustProxy;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  publicUrl: string;
  logLevel: string;
  supportEmail: string;
  /**
   * The help site of the header's Help Portal item: an absolute URL, or by default the path of the
   * in-app help page, which the browser resolves against the host the user came through.
   */
  helpSiteUrl: string;
  /** The Terms & Conditions that registration links to (default: the path of the in-app /terms page). */
  termsUrl: string;
  /** External AI Chat and upload portal; empty when not configured (their links are then hidden). */
  aiChatUrl: string;
  uploadPortalUrl: string;
  /** Where e-mail goes; empty keeps every message in the outbox only (development). */
  smtpUrl: string;
  /** The From of every e-mail. */
  mailFrom: string;
  /** The ticket system for new carrier requests; null e-mails them to the support address instead. */
  jira: JiraConfig | null;
  /** Embedded BI dashboards (DESIGN §3): one entry per provider, null when it is not configured. */
  embeds: EmbedsConfig;
  /** The idle timeout and the absolute lifetime of a session. */
  sessions: SessionLimits;
  /** The memory budget of the network-wide answers kept in process, in MB (`answer-cache.ts`). */
  keptAnswersMb: number;
  /** Stripe billing; null when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set (billing off). */
  stripe: StripeConfig | null;
  /** Seconds between the digest scheduler's runs in a server process; 0: it does not run. */
  digestIntervalSeconds: number;
  /** Days a past-due subscription keeps its agency in while Stripe retries the payment (decision 040). */
  subscriptionGraceDays: number;
  /** Sentry-compatible error reporting; null when SENTRY_DSN is not set (nothing is sent). */
  errorReporting: ErrorReportingConfig | null;
  /** Load demo data into an empty embedded database at start. */
  demoData: boolean;
  clientDir: string;
  migrationsDir: string;
};

export class ConfigError extends Error {}

/**
 * Reads the environment once at start and fails fast with a message that names every bad variable.
 * Without AUTH_SECRET outside production, a secret is generated once and kept in DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const incomplete = [
    ...allOrNone(e, JIRA_VARIABLES, () => 'required when any JIRA_* variable is set'),
    ...allOrNone(e, POWERBI_VARIABLES, (set) => requiredWith(set, 'Power BI', POWERBI_VARIABLES)),
    ...allOrNone(e, SIGMA_VARIABLES, (set) => requiredWith(set, 'Sigma', SIGMA_VARIABLES)),
    ...allOrNone(e, METABASE_VARIABLES, (set) => requiredWith(set, 'Metabase', METABASE_VARIABLES)),
    ...allOrNone(e, STRIPE_VARIABLES, (set) => requiredWith(set, 'Billing', STRIPE_VARIABLES)),
    ...(e.SESSION_IDLE_MINUTES > e.SESSION_MAX_HOURS * 60
      ? [
          `  SESSION_IDLE_MINUTES: must not be longer than SESSION_MAX_HOURS (${e.SESSION_MAX_HOURS} h = ${e.SESSION_MAX_HOURS * 60} minutes)`,
        ]
      : []),
  ];
  if (incomplete.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${incomplete.join('\n')}`);
  }
  const dataDir = path.resolve(appRoot, e.DATA_DIR);
  let authSecret = e.AUTH_SECRET;
  if (!authSecret) {
    if (e.NODE_ENV === 'production') {
      throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production');
    }
    authSecret = readOrCreateSecret(dataDir);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    supportEmail: e.SUPPORT_EMAIL,
    // Without HELP_SITE_URL, the in-app help page on whatever host the user came through (a path).
    helpSiteUrl: e.HELP_SITE_URL ?? '/helpDesk',
    termsUrl: e.TERMS_URL ?? '/terms',
    aiChatUrl: e.AI_CHAT_URL ?? '',
    uploadPortalUrl: e.UPLOAD_PORTAL_URL ?? '',
    smtpUrl: e.SMTP_URL ?? '',
    mailFrom: e.MAIL_FROM,
    jira:
      e.JIRA_URL && e.JIRA_USER && e.JIRA_API_TOKEN && e.JIRA_PROJECT_KEY
        ? {
            url: e.JIRA_URL.replace(/\/+$/, ''),
            user: e.JIRA_USER,
            apiToken: e.JIRA_API_TOKEN,
            projectKey: e.JIRA_PROJECT_KEY,
            issueType: e.JIRA_ISSUE_TYPE,
            timeoutMs: e.JIRA_TIMEOUT_MS,
          }
        : null,
    embeds: embedsConfig(e),
    sessions: { idleMinutes: e.SESSION_IDLE_MINUTES, maxHours: e.SESSION_MAX_HOURS },
    keptAnswersMb: e.KEPT_ANSWERS_MB,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: e.STRIPE_API_URL ? stripeApi(e.STRIPE_API_URL) : null,
            timeoutMs: e.STRIPE_TIMEOUT_MS,
          }
        : null,
    digestIntervalSeconds: e.DIGEST_INTERVAL_SECONDS,
    subscriptionGraceDays: e.SUBSCRIPTION_GRACE_DAYS,
    errorReporting: e.SENTRY_DSN
      ? {
          dsn: e.SENTRY_DSN,
          environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
          tracesSampleRate: e.SENTRY_TRACES_SAMPLE_RATE,
        }
      : null,
    demoData: e.DEMO_DATA === 'auto' && !e.DATABASE_URL,
    clientDir: path.join(appRoot, 'dist', 'client'),
    migrationsDir: path.join(appRoot, 'src', 'server', 'db', 'migrations'),
  };
}

type Env = z.infer<typeof envSchema>;

/** A group of variables that works only whole: a line for each one missing when some are set. */
function allOrNone(
  e: Env,
  names: readonly (keyof Env)[],
  message: (set: readonly (keyof Env)[]) => string,
): string[] {
  const set = names.filter((name) => e[name]);
  if (set.length === 0 || set.length === names.length) return [];
  return names.filter((name) => !e[name]).map((name) => `  ${name}: ${message(set)}`);
}

function requiredWith(set: readonly string[], provider: string, all: readonly string[]): string {
  const list = `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
  return `required when ${set.join(' or ')} is set (${provider} needs ${list}, or none of them)`;
}

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

function embedsConfig(e: Env): EmbedsConfig {
  return {
    powerbi:
      e.POWERBI_TENANT_ID && e.POWERBI_CLIENT_ID && e.POWERBI_CLIENT_SECRET
        ? {
            tenantId: e.POWERBI_TENANT_ID,
            clientId: e.POWERBI_CLIENT_ID,
            clientSecret: e.POWERBI_CLIENT_SECRET,
            authorityUrl: withoutTrailingSlash(e.POWERBI_AUTHORITY_URL),
            apiUrl: withoutTrailingSlash(e.POWERBI_API_URL),
            embedOrigin: new URL(e.POWERBI_EMBED_ORIGIN).origin,
            rlsRole: e.POWERBI_RLS_ROLE,
            timeoutMs: e.POWERBI_TIMEOUT_MS,
          }
        : null,
    sigma:
      e.SIGMA_CLIENT_ID && e.SIGMA_SECRET && e.SIGMA_BASE_URL
        ? {
            clientId: e.SIGMA_CLIENT_ID,
            secret: e.SIGMA_SECRET,
            baseUrl: withoutTrailingSlash(e.SIGMA_BASE_URL),
            embedTtlSeconds: e.SIGMA_EMBED_TTL_SECONDS,
            accountType: e.SIGMA_ACCOUNT_TYPE ?? null,
            teams: (e.SIGMA_TEAMS ?? '')
              .split(',')
              .map((team) => team.trim())
              .filter((team) => team.length > 0),
          }
        : null,
    metabase:
      e.METABASE_SITE_URL && e.METABASE_SECRET_KEY
        ? {
            siteUrl: withoutTrailingSlash(e.METABASE_SITE_URL),
            secretKey: e.METABASE_SECRET_KEY,
            embedTtlSeconds: e.METABASE_EMBED_TTL_SECONDS,
          }
        : null,
  };
}

function stripeApi(url: string): NonNullable<StripeConfig['api']> {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
