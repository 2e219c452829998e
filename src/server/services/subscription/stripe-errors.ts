import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { PAYMENTS_UNAVAILABLE_MESSAGE } from '#shared/domain/subscription.ts';
import { AppError } from '#server/errors.ts';

/** Stripe did not answer within the request's budget (StripeDeadline). */
export class StripeTimeoutError extends Error {
  constructor(readonly budgetMs: number) {
    super(`Stripe did not answer within ${budgetMs} ms`);
    this.name = 'StripeTimeoutError';
  }
}

/**
 * One request's time with Stripe: every Stripe call the request makes ends by `budgetMs` after it
 * began, whatever the SDK's own timeouts and retries do (a slow trickle of bytes resets a socket
 * timeout; this does not). A call still running when the time is up is left to finish: our calls
 * carry idempotency keys, so a retry by the user meets its result.
 */
export class StripeDeadline {
  private readonly endsAt: number;

  constructor(readonly budgetMs: number) {
    this.endsAt = Date.now() + budgetMs;
  }

  /** Settles as `call` does, or rejects with StripeTimeoutError once the request's time is up. */
  within<T>(call: Promise<T>): Promise<T> {
    const left = this.endsAt - Date.now();
    if (left <= 0) {
      call.catch(() => {});
      return Promise.reject(new StripeTimeoutError(this.budgetMs));
    }
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new StripeTimeoutError(this.budgetMs)), left);
    });
    return Promise.race([call, timeUp]).finally(() => clearTimeout(timer));
  }
}

/** Stripe could not find what a call named (`param`: the parameter naming it, e.g. 'customer'). */
export function isResourceMissing(error: unknown, param?: string): error is Stripe.errors.StripeError {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code === 'resource_missing' &&
    (param === undefined || error.param === param)
  );
}

/** A failure of Stripe's (an error the SDK raised, or our deadline), as opposed to one of ours. */
export function isStripeFailure(error: unknown): error is Stripe.errors.StripeError | StripeTimeoutError {
  return error instanceof Stripe.errors.StripeError || error instanceof StripeTimeoutError;
}

/**
 * Failures that mean "Stripe is out of reach for now": too slow, unreachable, refusing our key
 * (rotated or revoked), or rate-limiting us. The user may try again later: 503.
 */
function isUnavailable(error: Stripe.errors.StripeError | StripeTimeoutError): boolean {
  return (
    error instanceof StripeTimeoutError ||
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError ||
    error instanceof Stripe.errors.StripeRateLimitError
  );
}

/** What staff need to find the call in Stripe's dashboard and ours in the log. */
function stripeDetails(error: Stripe.errors.StripeError | StripeTimeoutError) {
  if (error instanceof StripeTimeoutError) return { type: error.name, budgetMs: error.budgetMs };
  return {
    type: error.type,
    rawType: error.rawType,
    code: error.code,
    param: error.param,
    statusCode: error.statusCode,
    requestId: error.requestId,
    message: error.message,
  };
}

/**
 * Our answer to a failure of Stripe that no service named: 503 when Stripe is out of reach for
 * now, 502 for any other answer of Stripe's we cannot use (its 5xx, a request it refused), both with
 * the one message users read. Stripe's own text, which carries its ids and dashboard links, goes
 * to the log only, with the request's reference id (the id the user's message shows).
 */
export function paymentsUnavailable(
  error: Stripe.errors.StripeError | StripeTimeoutError,
  log: FastifyBaseLogger,
  referenceId: string,
): AppError {
  const ours = new AppError(
    isUnavailable(error) ? 'unavailable' : 'bad_gateway',
    PAYMENTS_UNAVAILABLE_MESSAGE,
  );
  // Error reporting links the cause, so the report of the 5xx keeps Stripe's details too.
  ours.cause = error;
  log.error({ referenceId, stripe: stripeDetails(error) }, 'Stripe call failed');
  return ours;
}
