/**
 * The x402 MCP transport over the payment gateway: the same requirements,
 * verification, replay claim and settlement as the HTTP middleware, carried in
 * `_meta` instead of headers.
 *
 * No `_meta["x402/payment"]` → the requirement as a tool error. A payment →
 * verified and claimed → the work runs → settled only when it succeeded, and
 * the result carries `_meta["x402/payment-response"]`. Failed work releases
 * the claim and charges nothing, and so does work that finishes after the
 * caller went away (nobody receives its result), which is asked right before
 * settlement. A settlement that fails — thrown or resolved with
 * `success: false` — replaces the output with the requirement: the work's
 * output is never served unpaid.
 *
 * @module
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { PaymentPayload } from "@x402/core/types";
import {
  type PaymentGateway,
  type PaymentRail,
  PaymentRequiredError,
  type PricedResource,
} from "../lib/payments/mod.ts";
import { type ClientPresence, signalPresence } from "../lib/shared/client_presence.ts";
import {
  PAYMENT_META_KEY,
  PAYMENT_RESPONSE_META_KEY,
  type PaymentBinding,
  paymentBindingOf,
  paymentRequiredResult,
  textError,
} from "./results.ts";

/** What one paid tool call needs. */
export interface PaidCall {
  gateway: PaymentGateway;
  rail: PaymentRail;
  resource: PricedResource;
  /** The request's `params._meta`. */
  meta: Record<string, unknown> | undefined;
  /** Aborted when the caller goes away: work finished after that is not settled. */
  signal?: AbortSignal;
  /**
   * Asked right before settlement whether the caller is gone (the signal
   * alone misses a closed connection; see `lib/shared/client_presence.ts`).
   * Default: the signal only.
   */
  presence?: ClientPresence;
  /** Told who paid once a payment is verified (for the access log). */
  onPayer?: (payer: string) => void;
}

/**
 * Runs `work` behind an x402 payment. Resolves to the work's result with the
 * settlement, or to the payment requirement; throws what `work` throws (its
 * payment released) and the gateway's {@linkcode UnavailableError}s.
 */
export async function withPayment(
  call: PaidCall,
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const { gateway, rail, resource } = call;
  const payload = call.meta?.[PAYMENT_META_KEY];
  const binding = paymentBindingOf(call.meta);
  if (payload === undefined) {
    return paymentRequiredResult(await gateway.challenge(rail, resource), undefined, binding);
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    const reason = `Malformed payment: _meta["${PAYMENT_META_KEY}"] must be an x402 payment payload object`;
    return paymentRequiredResult(await gateway.paymentRequired(rail, resource, reason), undefined, binding);
  }
  return await refusedAsResult(binding, async () => {
    const authorization = await gateway.authorize(rail, resource, payload as PaymentPayload);
    const payer = "answer" in authorization ? authorization.settlement.payer : authorization.payer;
    if (payer) call.onPayer?.(payer);
    const outcome = await gateway.settleOrRelease(authorization, {
      run: work,
      succeeded: (result) => !result.isError,
      presence: call.presence ?? signalPresence(call.signal),
      keep: (result, maxBytes) => Promise.resolve(keptResult(result, maxBytes)),
      revive: (kept) => JSON.parse(new TextDecoder().decode(kept)),
    });
    if (outcome.kind === "unsuccessful") return outcome.result;
    if (outcome.kind === "gone") {
      return textError(
        "Call cancelled: the caller went away before the result was ready; nothing was charged",
      );
    }
    const { result, settlement } = outcome;
    // A payment verified by its settlement alone names its payer only now.
    if (!payer && settlement.payer) call.onPayer?.(settlement.payer);
    return { ...result, _meta: { ...result._meta, [PAYMENT_RESPONSE_META_KEY]: settlement } };
  });
}

/**
 * `result` as JSON bytes to keep with its settlement, or `undefined` when
 * they would exceed `maxBytes`: a result whose strings alone exceed it (an
 * audio result's base64) is refused before anything is serialised.
 */
function keptResult(result: CallToolResult, maxBytes: number): Uint8Array | undefined {
  if (stringsExceed(result, maxBytes)) return undefined;
  const kept = new TextEncoder().encode(JSON.stringify(result));
  return kept.byteLength <= maxBytes ? kept : undefined;
}

/** Whether the strings in `value` (keys included) hold more than `budget` characters, walked no further than that. */
function stringsExceed(value: unknown, budget: number): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") budget -= next.length;
    else if (next !== null && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) {
        budget -= key.length;
        pending.push(item);
      }
    }
    if (budget < 0) return true;
  }
  return false;
}

/** Runs `step`, turning a refused payment into the requirement result in `binding`. */
async function refusedAsResult(
  binding: PaymentBinding,
  step: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof PaymentRequiredError) {
      return paymentRequiredResult(error.paymentRequired, error.settlement, binding);
    }
    throw error;
  }
}
