/** Error codes and the HTTP status each maps to (DESIGN §8). */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  locked: 423,
  too_many_requests: 429,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

/** The one error type services throw; the error handler turns it into the API error shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** A 401 for a session that staff revoked: the client signs out instead of offering to sign in again. */
    readonly refreshTokenRevoked = false,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }
}
