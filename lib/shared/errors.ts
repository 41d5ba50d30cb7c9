/**
 * The service's error model. Domain code throws these; the HTTP layer maps each
 * {@linkcode ErrorKind} to a status code and the MCP layer to a tool error.
 *
 * Messages follow one style: sentence case, no trailing period, values in quotes,
 * detail after a colon, e.g. `Invalid account "abc": not a base58 address`.
 *
 * @module
 */

/** What went wrong, independent of the transport that reports it. */
export type ErrorKind =
  | "invalid_input"
  | "not_found"
  | "method_not_allowed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "unprocessable"
  | "payment_required"
  | "conflict"
  | "upstream_error"
  | "unavailable"
  | "upstream_timeout"
  | "client_closed"
  | "internal";

/** Options shared by every {@linkcode ServiceError}. */
export interface ServiceErrorOptions {
  /** The underlying error, logged but never shown to the caller. */
  cause?: unknown;
  /** Seconds after which a retry may succeed (sent as `Retry-After`). */
  retryAfterSeconds?: number;
  /** Extra machine-readable fields merged into the error body. */
  details?: Record<string, unknown>;
}

/** Base class of every error the service reports on purpose. */
export class ServiceError extends Error {
  /** What went wrong. */
  readonly kind: ErrorKind;
  /** Seconds after which a retry may succeed. */
  readonly retryAfterSeconds?: number;
  /** Extra machine-readable fields for the error body. */
  readonly details?: Record<string, unknown>;

  constructor(kind: ErrorKind, message: string, options: ServiceErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "ServiceError";
    this.kind = kind;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    if (options.details !== undefined) this.details = options.details;
  }
}

/** The request contradicts an earlier one it claims to repeat, or one still in progress (HTTP 409). */
export class ConflictError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super("conflict", message, options);
    this.name = "ConflictError";
  }
}

/** The caller's input cannot succeed as given (HTTP 400). */
export class InvalidInputError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super("invalid_input", message, options);
    this.name = "InvalidInputError";
  }
}

/** The thing asked about does not exist (HTTP 404). */
export class NotFoundError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super("not_found", message, options);
    this.name = "NotFoundError";
  }
}

/** The input is over a size, page or duration cap (HTTP 413). */
export class PayloadTooLargeError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super("payload_too_large", message, options);
    this.name = "PayloadTooLargeError";
  }
}

/** The input is well-formed but cannot be processed (HTTP 422). */
export class UnprocessableError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super("unprocessable", message, options);
    this.name = "UnprocessableError";
  }
}

/** Seconds after which an upstream failure is worth retrying, unless the thrower knows better. */
export const UPSTREAM_RETRY_AFTER_SECONDS = 5;

/**
 * An upstream dependency (RPC, facilitator) answered wrongly or not at all
 * (HTTP 502). Always says when to retry: {@linkcode UPSTREAM_RETRY_AFTER_SECONDS}
 * unless given.
 */
export class UpstreamError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super("upstream_error", message, {
      ...options,
      retryAfterSeconds: options?.retryAfterSeconds ?? UPSTREAM_RETRY_AFTER_SECONDS,
    });
    this.name = "UpstreamError";
  }
}

/** The service cannot take the request now: busy, missing a tool, facilitator down (HTTP 503). */
export class UnavailableError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super("unavailable", message, options);
    this.name = "UnavailableError";
  }
}

/** An upstream call or the request's own time budget ran out (HTTP 504). */
export class UpstreamTimeoutError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super("upstream_timeout", message, options);
    this.name = "UpstreamTimeoutError";
  }
}
