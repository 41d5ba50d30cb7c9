/**
 * Maps the service's errors onto HTTP: one status per error kind, a JSON body
 * `{error, requestId, timestamp}`, `Retry-After` where waiting helps, and the
 * x402 headers on a 402. Unexpected errors become a 500 whose detail is logged,
 * never shown.
 *
 * @module
 */
import type { Context } from "hono";
import type { PaymentRequired } from "@x402/core/types";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorKind, ServiceError } from "../lib/shared/errors.ts";
import type { Logger } from "../lib/shared/log.ts";
import { encodePaymentRequired, encodePaymentResponse, PaymentRequiredError } from "../lib/payments/mod.ts";
import { howToPay } from "./challenge.ts";
import { baseUrl, envelope } from "./context.ts";

/** HTTP status of each error kind. */
export const STATUS_OF: Record<ErrorKind, ContentfulStatusCode> = {
  invalid_input: 400,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  payment_required: 402,
  conflict: 409,
  upstream_error: 502,
  unavailable: 503,
  upstream_timeout: 504,
  // Nginx's 499: nobody reads it, but the log tells a client that left from a server fault.
  client_closed: 499 as ContentfulStatusCode,
  internal: 500,
};

/** The kinds only the HTTP layer meets: a method, a media type or a client that left. */
export type HttpOnlyKind = "method_not_allowed" | "unsupported_media_type" | "client_closed";

/** An error of the HTTP exchange itself rather than of an operation (405, 415, 499). */
export class HttpStatusError extends ServiceError {
  /** The status it is answered with. */
  readonly status: ContentfulStatusCode;
  constructor(kind: HttpOnlyKind, message: string) {
    super(kind, message);
    this.name = "HttpStatusError";
    this.status = STATUS_OF[kind];
  }
}

/** Renders `error` as the service's JSON error response. */
export function errorResponse(c: Context, error: unknown, log: Logger): Response {
  if (!(error instanceof ServiceError)) {
    log({ type: "error", requestId: c.get("requestId"), path: c.req.path, error: describe(error) });
    return c.json(envelope(c, { error: "Internal error: the request could not be completed" }), 500);
  }
  const status = STATUS_OF[error.kind];
  if (status >= 500 && error.cause) {
    log({ type: "error", requestId: c.get("requestId"), path: c.req.path, error: describe(error.cause) });
  }
  if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
  if (error instanceof PaymentRequiredError) {
    if (error.settlement) c.header("PAYMENT-RESPONSE", encodePaymentResponse(error.settlement));
    return paymentRequiredResponse(c, error.paymentRequired, error.message);
  }
  return c.json(envelope(c, { error: error.message, ...error.details }), status);
}

/**
 * The 402 answer: the requirement in `PAYMENT-REQUIRED` and, in the body, how
 * to pay it, for refusals (an unpaid request gets {@linkcode challengeResponse}).
 */
export function paymentRequiredResponse(
  c: Context,
  required: PaymentRequired,
  message: string,
): Response {
  c.header("PAYMENT-REQUIRED", encodePaymentRequired(required));
  // A requirement is per request (a retry may see another one): never cached.
  c.header("Cache-Control", "no-store");
  return c.json(envelope(c, { error: message, ...howToPay(required, baseUrl(c)) }), 402);
}

function describe(error: unknown): string {
  return error instanceof Error
    ? `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ""}`
    : String(error);
}
