import { useSyncExternalStore } from 'react';
import { ApiError } from './api-client.ts';

/** The server-error modal (spec part 1 §8): the server's message and which ways out it offers. */
export type ServerErrorAlert = { message: string; hasLogout: boolean; hasContinue: boolean };

export type SessionAlerts = {
  /** An API call answered 401: the session-expired modal shows. */
  sessionExpired: boolean;
  /** An API call answered 401 with refreshTokenRevoked: the shell signs out. */
  tokenRevoked: boolean;
  serverError: ServerErrorAlert | null;
};

const initial: SessionAlerts = { sessionExpired: false, tokenRevoked: false, serverError: null };
let state: SessionAlerts = initial;
const listeners = new Set<() => void>();

function update(next: Partial<SessionAlerts>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Shows the server-error modal; any feature may call it. `hasContinue` defaults to true. */
export function showServerError({
  message,
  hasLogout = false,
  hasContinue = true,
}: {
  message: string;
  hasLogout?: boolean;
  hasContinue?: boolean;
}): void {
  update({ serverError: { message, hasLogout, hasContinue } });
}

export function dismissServerError(): void {
  update({ serverError: null });
}

/** Clears every alert (after the user leaves for sign-in or sign-out). */
export function resetSessionAlerts(): void {
  update(initial);
}

/**
 * What every failed API call means for the session: a 401 marks it expired, or revoked when the
 * server says so. Other failures are left to the caller. The query client calls this for every
 * query and mutation; code calling the API directly may call it too.
 */
export function reportApiFailure(error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  if (error.body?.refreshTokenRevoked) update({ tokenRevoked: true });
  else if (!state.sessionExpired) update({ sessionExpired: true });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionAlerts(): SessionAlerts {
  return useSyncExternalStore(subscribe, () => state);
}
