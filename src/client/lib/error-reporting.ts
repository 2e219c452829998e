import type { ClientConfig } from '#shared/contracts/access.ts';
import { ApiError } from './api-client.ts';

/** The tag that carries the server's reference id of a failed call (the server tags its event alike). */
export const REFERENCE_ID_TAG = 'referenceId';

type Capture = (error: unknown, tags: Record<string, string>) => void;

/** Errors seen before the SDK has loaded; sent once it has, dropped when reporting is off. */
const MAX_PENDING = 20;
let pending: { error: unknown; tags: Record<string, string> }[] = [];
let capture: Capture | null = null;
let off = false;

/**
 * Starts reporting the browser's errors to Sentry (or GlitchTip) when the server's client
 * configuration names a DSN (GET /akpi-env, `sentryDsn`). The SDK is a lazy chunk, loaded only
 * then: without a DSN the app loads and sends nothing. Every error is sent (sample rate 1).
 */
export async function startErrorReporting(loadConfig: () => Promise<ClientConfig>): Promise<void> {
  let config: ClientConfig;
  try {
    config = await loadConfig();
  } catch {
    stop();
    return;
  }
  if (!config.sentryDsn) {
    stop();
    return;
  }
  // Named, so the build keeps only what they use of the SDK (a namespace import keeps all of it).
  const { captureException, init } = await import('@sentry/browser');
  init({
    dsn: config.sentryDsn,
    environment: config.sentryEnvironment,
    sampleRate: 1,
  });
  capture = (error, tags) => captureException(error, { tags });
  for (const { error, tags } of pending) capture(error, tags);
  pending = [];
}

function stop(): void {
  off = true;
  pending = [];
}

/**
 * Reports an error the app caught: a page that failed to render, or a failed API call the server
 * answered with a 5xx (tagged with its reference id) or that broke its contract. An answer the
 * server meant (4xx) is not an error of the app.
 */
export function reportError(error: unknown): void {
  if (off) return;
  if (error instanceof ApiError && error.status < 500) return;
  const tags: Record<string, string> = {};
  if (error instanceof ApiError) {
    tags['http.status_code'] = String(error.status);
    if (error.referenceId) tags[REFERENCE_ID_TAG] = error.referenceId;
  }
  if (capture) capture(error, tags);
  else if (pending.length < MAX_PENDING) pending.push({ error, tags });
}
