/**
 * The buyer's side of the x402 MCP transport, for tests, `deno task pay mcp`
 * and agents written against this service: connect to an MCP endpoint, call
 * a tool, and when it answers with a payment requirement, pay it with an
 * unmodified `x402Client` and call again with the payment in `_meta`.
 *
 * Calls go through the SDK's own `Client.callTool`, which checks structured
 * content against each tool's `outputSchema` (listed tools only): the
 * schemas admit the payment requirement, so no workaround is needed.
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { x402Client } from "@x402/core/client";
import type { PaymentPayload, PaymentRequired, SettleResponse } from "@x402/core/types";
import { PAYMENT_META_KEY, PAYMENT_RESPONSE_META_KEY } from "../payments/mod.ts";

/** Options for {@linkcode connectMcp}. */
export interface ConnectOptions {
  /** The client's name in `initialize` (default `"x402-mcp-buyer"`). */
  name?: string;
  /** Extra fetch options for every request (headers, signal). */
  requestInit?: RequestInit;
}

/** Connects an MCP client to the Streamable HTTP endpoint at `url`. Close it when done. */
export async function connectMcp(url: string | URL, options: ConnectOptions = {}): Promise<Client> {
  const client = new Client({ name: options.name ?? "x402-mcp-buyer", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: options.requestInit }));
  return client;
}

/**
 * What these helpers read of a tool result: the shape every MCP SDK's
 * `CallToolResult` has (1.x and 2.x differ in how they type the rest).
 */
export interface ToolResultLike {
  isError?: boolean;
  structuredContent?: unknown;
  content: readonly ({ type: string; text?: string } | { type: string })[];
  _meta?: Record<string, unknown>;
}

/**
 * The payment requirement a tool result carries, if any: a tool error whose
 * `structuredContent` (or else first text block, as JSON, bare or in the
 * `x402/error` wrapper) has `x402Version` and `accepts`.
 */
export function paymentRequiredOf(result: ToolResultLike): PaymentRequired | undefined {
  if (!result.isError) return undefined;
  if (isPaymentRequired(result.structuredContent)) return result.structuredContent;
  const [first] = result.content;
  if (first?.type !== "text" || !("text" in first) || typeof first.text !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(first.text);
    if (isPaymentRequired(parsed)) return parsed;
    // The x402 MCP transport's text form: {"x402/error": {code: 402, message, data: PaymentRequired}}.
    const wrapped = (parsed as { "x402/error"?: { data?: unknown } } | null)?.["x402/error"]?.data;
    return isPaymentRequired(wrapped) ? wrapped : undefined;
  } catch {
    return undefined;
  }
}

function isPaymentRequired(value: unknown): value is PaymentRequired {
  return typeof value === "object" && value !== null && "x402Version" in value &&
    Array.isArray((value as { accepts?: unknown }).accepts);
}

/** The settlement response in a result's `_meta["x402/payment-response"]`, if any. */
export function settlementOf(result: ToolResultLike): SettleResponse | undefined {
  return result._meta?.[PAYMENT_RESPONSE_META_KEY] as SettleResponse | undefined;
}

/** Calls tool `name` with `args`, attaching `payment` when given, and returns its result as sent. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  payment?: PaymentPayload,
): Promise<CallToolResult> {
  const params = {
    name,
    arguments: args,
    ...(payment ? { _meta: { [PAYMENT_META_KEY]: payment } } : {}),
  };
  return await client.callTool(params) as CallToolResult;
}

/** How a paid tool call went. */
export interface PaidToolCall {
  /** The final result: the output with its settlement, or an error. */
  result: CallToolResult;
  /** The requirement that was paid, when one was asked for. */
  paymentRequired?: PaymentRequired;
  /** The payment sent. */
  payment?: PaymentPayload;
  /** The settlement, when the call was charged (or its settlement failed). */
  settlement?: SettleResponse;
}

/**
 * Calls a paid tool: asks without payment, signs the requirement with
 * `payer`, and calls again with the payment. A first answer that asks for no
 * payment (an input error, a free tool) is returned as it is.
 */
export async function callPaidTool(
  client: Client,
  payer: x402Client,
  name: string,
  args: Record<string, unknown>,
): Promise<PaidToolCall> {
  const first = await callTool(client, name, args);
  const paymentRequired = paymentRequiredOf(first);
  if (!paymentRequired) return { result: first };
  const payment = await payer.createPaymentPayload(paymentRequired);
  const result = await callTool(client, name, args, payment);
  return { result, paymentRequired, payment, settlement: settlementOf(result) };
}
