/**
 * Settling authorized payments, only for work that succeeded, as a recorded
 * state machine (see `claims.ts`): the payment is recorded `settling`, with
 * the answer it buys, before the facilitator is asked; then `settled` or
 * released. A refused settlement frees the claim and replaces the output with
 * a 402. One with no answer in time stays `settling` and is a 503 asking to
 * resend the same payment: a late answer of the facilitator, or the chain
 * (`reconciliation.ts`), resolves it, and the resend then gets the answer if
 * it was charged, or is served and charged anew if it was not. A buyer found
 * gone right before settlement is not charged. Every attempt is reported to
 * the settlement log, a charge even when the store fails to record it. A
 * payment whose settlement is its only verification (see `authorization.ts`)
 * and that the facilitator refuses before sending it is refused as an invalid
 * payment is before the handler: the same 402 and reason, claim freed.
 *
 * @module
 */
import type { x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { SettleError } from "@x402/core/types";
import { UnavailableError } from "../shared/errors.ts";
import type { Authorization } from "./authorization.ts";
import { type Claim, type ClaimStore, PENDING_RETRY_SECONDS } from "./claim_store.ts";
import { PaymentRequiredError } from "./errors.ts";
import type { PaymentOffers } from "./offers.ts";
import type { ClientPresence } from "../shared/client_presence.ts";
import { withinTime } from "./within_time.ts";

/** A settlement event, for the settlement log. */
export interface SettlementEvent {
  resource: string;
  network: string;
  amount: string;
  payer?: string;
  transaction?: string;
  success: boolean;
  /** False for a settled answer that could not be handed over. */
  delivered?: false;
  /** True while the outcome is unknown (no answer in time): resolved later. */
  pending?: true;
  /** How an outcome first unknown was learnt: the facilitator's late answer, or the chain. */
  resolvedBy?: "facilitator" | "chain";
  /** False when the store could not record a charge (the log line is then its only record). */
  recorded?: false;
  reason?: string;
}

/** What is recorded of a payment while it settles: enough to settle it, log it and ask the chain. */
export interface PendingSettlement {
  network: string;
  resource: string;
  payload: PaymentPayload;
  requirements: PaymentRequirements;
  payer?: string;
  /** When it was sent for settlement (ms since the epoch). */
  at: number;
}

/** What settling needs. */
export interface SettlementParts {
  server: x402ResourceServer;
  offers: PaymentOffers;
  claims: ClaimStore;
  /** How long the facilitator may take to settle. */
  timeoutMs: number;
  /** Receives one event per settlement attempt. */
  onSettlement: (event: SettlementEvent) => void;
}

/** Settles, releases and reports authorized payments. */
export class Settlements {
  readonly #parts: SettlementParts;

  constructor(parts: SettlementParts) {
    this.#parts = parts;
  }

  /**
   * Settles an authorized payment after its work succeeded, keeping `answer`
   * with the record. Throws {@linkcode PaymentRequiredError} (carrying the
   * settlement response) when settlement fails, so the work's output must not
   * be served, and {@linkcode UnavailableError} while its outcome is unknown.
   */
  async settle(authorization: Authorization, answer?: Uint8Array): Promise<SettleResponse> {
    const [settlement] = await this.#settle(authorization, answer, () => Promise.resolve(false));
    return settlement;
  }

  /**
   * {@linkcode settle}, asking `gone` once charged, while the claim is marked
   * spent (two waits in one): with whether the client was gone by then.
   */
  async #settle(
    authorization: Authorization,
    answer: Uint8Array | undefined,
    gone: () => Promise<boolean>,
  ): Promise<[SettleResponse, boolean]> {
    const { server, claims, onSettlement, timeoutMs } = this.#parts;
    const { rail, resource, payload, requirements, claim } = authorization;
    const down = rail.unavailable?.();
    if (down) {
      // Nothing was sent for settlement: the payment is untouched and stays usable.
      await claims.release(claim);
      throw down;
    }
    // A payment not verified yet names its payer only in its transaction: the record must say who pays.
    const payer = authorization.payer ?? await rail.payer?.(payload).catch(() => undefined);
    const event = { ...eventOf(authorization), payer };
    const pending: PendingSettlement = {
      network: rail.network,
      resource: resource.url,
      payload,
      requirements,
      at: Date.now(),
      ...(payer ? { payer } : {}),
    };
    try {
      await claims.settling(claim, pending, answer);
    } catch (error) {
      // Not recorded, so not sent: the payment stays unspent.
      await claims.release(claim).catch(() => {});
      throw error;
    }
    const settling = server.settlePayment(payload, requirements);
    let result: SettleResponse;
    try {
      result = await withinTime(settling, timeoutMs, "settlement");
    } catch (error) {
      if (error instanceof SettleError) {
        return await this.#settlementFailed(authorization, refusedSettlement(error));
      }
      onSettlement({ ...event, success: false, pending: true, reason: String(error) });
      await claims.unanswered(claim).catch(() => {});
      this.#resolveWhenAnswered(authorization, settling);
      throw new UnavailableError(
        "Payment settlement not confirmed yet: the facilitator did not answer in time, so no output is " +
          `served now. Send the same payment again in ${PENDING_RETRY_SECONDS} s or later: if it was charged ` +
          "you get this answer, never a second charge; if it was not, the request is served then",
        { cause: error, retryAfterSeconds: PENDING_RETRY_SECONDS },
      );
    }
    if (!result.success) return await this.#settlementFailed(authorization, result);
    const [recorded, left] = await Promise.all([this.#record(claim, result, false), gone()]);
    onSettlement({
      ...event,
      payer: result.payer || payer,
      transaction: result.transaction,
      success: true,
      ...(recorded ? {} : { recorded: false as const }),
    });
    return [result, left];
  }

  /** Records a charge; `false` when the store failed (the charge stands, and the log line records it). */
  async #record(claim: Claim, settlement: SettleResponse, retrievable: boolean): Promise<boolean> {
    try {
      await this.#parts.claims.settle(claim, settlement, retrievable);
      return true;
    } catch {
      return false;
    }
  }

  /** Resolves a settlement whose answer came too late for its request, once the facilitator gives it. */
  #resolveWhenAnswered(authorization: Authorization, settling: Promise<SettleResponse>): void {
    settling.then(
      async (result) => {
        if (!result.success) return await this.#parts.claims.release(authorization.claim);
        const recorded = await this.#record(authorization.claim, result, true);
        this.#parts.onSettlement({
          ...eventOf(authorization),
          payer: result.payer ?? authorization.payer,
          transaction: result.transaction,
          success: true,
          delivered: false,
          resolvedBy: "facilitator",
          ...(recorded ? {} : { recorded: false as const }),
        });
      },
      async (error) => {
        // A refusal is an answer: nothing was charged. Anything else stays for the chain to tell.
        if (error instanceof SettleError) await this.#parts.claims.release(authorization.claim);
      },
    ).catch(() => {});
  }

  /**
   * A settlement the facilitator refused: the claim is freed and the output
   * replaced by a 402. For a payment not verified before (see
   * `Authorization.verified`), a refusal before anything was sent (no
   * transaction) is its verification failing, answered as a verification
   * refused before the handler is: `Payment invalid: <reason>`, without a
   * settlement response.
   */
  async #settlementFailed(authorization: Authorization, result: SettleResponse): Promise<never> {
    const { rail, resource, claim } = authorization;
    await this.#parts.claims.release(claim);
    const reason = result.errorMessage ?? result.errorReason ?? "settlement failed";
    this.#parts.onSettlement({
      ...eventOf(authorization),
      payer: result.payer || authorization.payer,
      success: false,
      reason,
    });
    const invalid = !authorization.verified && !result.transaction;
    const message = invalid ? `Payment invalid: ${reason}` : `Settlement failed: ${reason}`;
    const required = await this.#parts.offers.paymentRequired(rail, resource, message);
    throw new PaymentRequiredError(message, required, invalid ? undefined : result);
  }

  /**
   * Settles an authorized payment unless its buyer is gone by now: asked
   * right before settlement, a client that hung up gets its claim released
   * (resolves `undefined`) and is charged nothing. What remains is the short
   * window between this question and the answer's first bytes on the wire:
   * a buyer who hangs up during settlement itself is charged for an answer it
   * does not read (as is one gone within a request's first few milliseconds,
   * where the presence may not look: see `client_presence.ts`). The question
   * is asked again once settled, and such a charge is reported to the
   * settlement log (see {@linkcode undelivered}); a buyer who named the
   * payment with an id gets the answer back by resending it.
   */
  async settleIfPresent(
    authorization: Authorization,
    presence: ClientPresence,
    answer?: Uint8Array,
  ): Promise<SettleResponse | undefined> {
    if (await presence.gone()) {
      await this.release(authorization);
      return undefined;
    }
    const [settlement, left] = await this.#settle(authorization, answer, () => presence.gone());
    if (left) this.undelivered(authorization, settlement, "the client left during settlement");
    return settlement;
  }

  /** Reports a settled answer that could not be handed over, for the settlement log. */
  undelivered(authorization: Authorization, settlement: SettleResponse, reason: string): void {
    this.#parts.onSettlement({
      ...eventOf(authorization),
      payer: settlement.payer ?? authorization.payer,
      transaction: settlement.transaction,
      success: true,
      delivered: false,
      reason,
    });
  }

  /** Gives an authorized payment back unspent (its work failed). */
  async release(authorization: Authorization): Promise<void> {
    await this.#parts.claims.release(authorization.claim);
  }
}

/** The settlement log's fields of `authorization`. */
function eventOf(authorization: Authorization) {
  return {
    resource: authorization.resource.url,
    network: authorization.rail.network,
    amount: authorization.requirements.amount,
    payer: authorization.payer,
  };
}

/** The settlement response an HTTP facilitator's 4xx refusal stands for. */
function refusedSettlement(error: SettleError): SettleResponse {
  return {
    success: false,
    errorReason: error.errorReason,
    errorMessage: error.errorMessage,
    payer: error.payer,
    transaction: error.transaction ?? "",
    network: error.network,
  } as SettleResponse;
}
