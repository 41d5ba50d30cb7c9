/**
 * Tool results: an operation's output as MCP content (structured content,
 * the same JSON as text, and a media block for a binary result), a failure as
 * a tool error the model can act on, and the x402 payment requirement in the
 * shape the x402 MCP transport prescribes.
 *
 * @module
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { ServiceError } from "../lib/shared/errors.ts";
import type { Logger } from "../lib/shared/log.ts";
import type { AnyOperation } from "../lib/operation/mod.ts";

import { PAYMENT_META_KEY, PAYMENT_RESPONSE_META_KEY } from "../lib/payments/mod.ts";

export { PAYMENT_META_KEY, PAYMENT_RESPONSE_META_KEY };

/**
 * A successful result: `structuredContent` is the output and the first text
 * block the same JSON. A binary output (audio) also travels as an MCP media
 * block; the text then names that block instead of repeating the base64, so a
 * model reading the text is not handed megabytes of it.
 */
export function outputResult(operation: AnyOperation, output: Record<string, unknown>): CallToolResult {
  const binary = operation.binaryOutput;
  const media = binary
    ? mediaBlock(String(output[binary.mediaTypeField]), String(output[binary.field]))
    : undefined;
  const text = binary && media
    ? { ...output, [binary.field]: `(base64 ${media.type}, in the ${media.type} content block)` }
    : output;
  return {
    content: [{ type: "text", text: JSON.stringify(text) }, ...(media ? [media] : [])],
    structuredContent: output,
  };
}

function mediaBlock(mimeType: string, data: string) {
  if (mimeType.startsWith("audio/")) return { type: "audio" as const, data, mimeType };
  if (mimeType.startsWith("image/")) return { type: "image" as const, data, mimeType };
  return undefined;
}

/** The x402 MCP extension a client may advertise to get `payment_required` results. */
export const PAYMENT_EXTENSION = "org.x402/payment";
/** `_meta` key of the per-request client capabilities. */
const CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities";

/**
 * How a payment requirement is returned (the x402 MCP transport's two
 * bindings): `extension` when the request's per-request client capabilities
 * (`_meta["io.modelcontextprotocol/clientCapabilities"].extensions`) name
 * `org.x402/payment`, else `tool-result`, which every MCP client can read.
 * Only a 2026-07-28 request can ask for the extension (`x402_extension.ts`).
 */
export type PaymentBinding = "tool-result" | "extension";

/** The binding a request with `meta` as its `params._meta` asked for. */
export function paymentBindingOf(meta: Record<string, unknown> | undefined): PaymentBinding {
  const capabilities = meta?.[CLIENT_CAPABILITIES_META_KEY] as { extensions?: unknown } | undefined;
  const extensions = capabilities?.extensions;
  return typeof extensions === "object" && extensions !== null && PAYMENT_EXTENSION in extensions
    ? "extension"
    : "tool-result";
}

/**
 * The x402 payment requirement, with a failed settlement (when there was one)
 * under `_meta["x402/payment-response"]`. Tool-result binding: a tool error
 * with the `PaymentRequired` object in `structuredContent` and as JSON in the
 * first text block. Extension binding: `resultType: "payment_required"` with
 * the object in `paymentRequired` (and no content: the tool did not run).
 */
export function paymentRequiredResult(
  required: PaymentRequired,
  settlement?: SettleResponse,
  binding: PaymentBinding = "tool-result",
): CallToolResult {
  const meta = settlement ? { _meta: { [PAYMENT_RESPONSE_META_KEY]: settlement } } : {};
  if (binding === "extension") {
    return { resultType: "payment_required", paymentRequired: required, content: [], ...meta };
  }
  return {
    isError: true,
    content: [{ type: "text", text: JSON.stringify(x402ErrorText(required)) }],
    structuredContent: required as unknown as Record<string, unknown>,
    ...meta,
  };
}

/**
 * The first text block of an unpaid tool result as the x402 MCP transport
 * (`specs/transports-v2/mcp.md`) prescribes it: the `PaymentRequired` object
 * inside the `x402/error` wrapper with code 402.
 */
export function x402ErrorText(required: PaymentRequired) {
  return { "x402/error": { code: 402, message: required.error ?? "Payment required", data: required } };
}

/**
 * A failure as a tool error with its message. Errors the service reports on
 * purpose keep their message (and say when a retry may help); anything else
 * is logged and reported without detail.
 */
export function errorResult(error: unknown, log: Logger, context: Record<string, unknown>): CallToolResult {
  if (!(error instanceof ServiceError)) {
    log({
      type: "error",
      ...context,
      error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ""}` : String(error),
    });
    return textError("Internal error: the tool call could not be completed");
  }
  if (error.kind === "upstream_error" || error.kind === "unavailable" || error.kind === "upstream_timeout") {
    if (error.cause) log({ type: "error", ...context, error: String(error.cause) });
  }
  const retry = error.retryAfterSeconds === undefined ? "" : ` (retry after ${error.retryAfterSeconds} s)`;
  return textError(error.message + retry);
}

/** A tool error with `text` as its only content. */
export function textError(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}
