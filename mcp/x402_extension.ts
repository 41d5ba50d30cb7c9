/**
 * The `org.x402/payment` MCP extension, as the proposed x402 MCP transport v3
 * defines it ("Transport: MCP v3 (`org.x402/payment` Extension)", an
 * experimental proposal beside coinbase/x402 `specs/transports-v2/mcp.md`):
 * it needs MCP 2026-07-28 (extension negotiation, extensible `resultType`), so
 * only a 2026-07-28 request that lists the extension in its per-request client
 * capabilities gets it. Such a request gets `resultType: "payment_required"`,
 * may carry its payment in `_meta["org.x402/payment"].paymentPayload`, and
 * finds the settlement in `_meta["org.x402/payment"].settlementResponse`.
 * Every other request gets the v2 tool-result binding (`x402/payment`,
 * `x402/payment-response`).
 *
 * The payment flow itself (`payment.ts`) reads one `_meta`; this module maps a
 * request's `_meta` and envelope onto it, and its result back.
 *
 * @module
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import { PAYMENT_EXTENSION, PAYMENT_META_KEY, PAYMENT_RESPONSE_META_KEY } from "./results.ts";

/** `_meta` key of the per-request client capabilities (2026-07-28 envelope). */
const CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities";

/** The protocol era a request was served in (the SDK's names). */
export type ProtocolEra = "legacy" | "modern";

/** Whether a 2026-07-28 request's envelope lists the extension in its client capabilities. */
export function asksForExtension(era: ProtocolEra, envelope: Record<string, unknown> | undefined): boolean {
  if (era !== "modern") return false;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as { extensions?: unknown } | undefined;
  const extensions = capabilities?.extensions;
  return typeof extensions === "object" && extensions !== null && PAYMENT_EXTENSION in extensions;
}

/**
 * The `_meta` the payment flow reads: the request's own, with the extension
 * named in its capabilities (and the payload taken from the extension's
 * place) only when {@linkcode asksForExtension}; otherwise without any
 * capability claim, so a 2025-era request always gets the tool-result binding.
 */
export function paymentMeta(
  meta: Record<string, unknown> | undefined,
  extension: boolean,
): Record<string, unknown> {
  const { [CLIENT_CAPABILITIES_META_KEY]: _claimed, ...own } = meta ?? {};
  if (!extension) return own;
  const payload = (own[PAYMENT_EXTENSION] as { paymentPayload?: unknown } | undefined)?.paymentPayload;
  return {
    ...own,
    [CLIENT_CAPABILITIES_META_KEY]: { extensions: { [PAYMENT_EXTENSION]: {} } },
    ...(payload === undefined ? {} : { [PAYMENT_META_KEY]: payload }),
  };
}

/** The result with its settlement also under `_meta["org.x402/payment"].settlementResponse` for the extension. */
export function extensionResult(result: CallToolResult, extension: boolean): CallToolResult {
  const settlement = result._meta?.[PAYMENT_RESPONSE_META_KEY];
  if (!extension || settlement === undefined) return result;
  return { ...result, _meta: { ...result._meta, [PAYMENT_EXTENSION]: { settlementResponse: settlement } } };
}
