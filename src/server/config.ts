import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
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
});

const JIRA_VARIABLES = ['JIRA_URL', 'JIRA_USER', 'JIRA_API_TOKEN', 'JIRA_PROJECT_KEY'] as const;

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

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  publicUrl: string;
  logLevel: string;
  supportEmail: string;
  /** The help site of the header's Help Portal item (default: the in-app help page). */
  helpSiteUrl: string;
  /** External AI Chat and upload portal; empty when not configured (their links are then hidden). */
  aiChatUrl: string;
  uploadPortalUrl: string;
  /** Where e-mail goes; empty keeps every message in the outbox only (development). */
  smtpUrl: string;
  /** The From of every e-mail. */
  mailFrom: string;
  /** The ticket system for new carrier requests; null e-mails them to the support address instead. */
  jira: JiraConfig | null;
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
  const missingJira = JIRA_VARIABLES.filter((name) => !e[name]);
  if (missingJira.length > 0 && missingJira.length < JIRA_VARIABLES.length) {
    const lines = missingJira.map((name) => `  ${name}: required when any JIRA_* variable is set`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
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
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    supportEmail: e.SUPPORT_EMAIL,
    helpSiteUrl: e.HELP_SITE_URL ?? `${publicUrl}/helpDesk`,
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
    demoData: e.DEMO_DATA === 'auto' && !e.DATABASE_URL,
    clientDir: path.join(appRoot, 'dist', 'client'),
    migrationsDir: path.join(appRoot, 'src', 'server', 'db', 'migrations'),
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
