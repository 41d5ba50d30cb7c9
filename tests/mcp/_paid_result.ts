/**
 * What the MCP client tests share, whichever SDK makes the calls: the
 * endpoints and their networks, the tool they call, how an unpaid result's
 * requirement is recognised, and what a paid result must be (the tool's
 * output, settled on the endpoint's network in `_meta["x402/payment-response"]`).
 *
 * @module
 */
import assert from "node:assert/strict";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { registry } from "../../app.ts";

/** Asserts that `result` is `tool`'s output, settled on `network`. */
export function assertPaidResult(
  result: {
    isError?: boolean;
    structuredContent?: unknown;
    content?: unknown;
    _meta?: Record<string, unknown>;
  },
  tool: string,
  network: string,
): void {
  assert.equal(result.isError, undefined, JSON.stringify(result.content));
  registry.operations.find((op) => op.id === tool)!.output.parse(result.structuredContent);
  const settlement = result._meta?.["x402/payment-response"] as SettleResponse;
  assert.equal(settlement.success, true);
  assert.equal(settlement.network, network);
}

/** The tool the client tests call ($0.002, no input needed). */
export const TOOL = "chain_priority_fees";

/** Both MCP endpoints of a local-mode service and the networks they are paid on. */
export const ENDPOINTS = [
  { path: "/mcp", network: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1" },
  { path: "/alt/mcp", network: "eip155:84532" },
];

/** Whether `value` is an x402 `PaymentRequired` object. */
export function isPaymentRequired(value: unknown): value is PaymentRequired {
  return typeof value === "object" && value !== null && "x402Version" in value && "accepts" in value;
}
