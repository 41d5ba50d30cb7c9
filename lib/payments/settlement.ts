/**
 * Settling authorized payments, only for work that succeeded: a refused
 * settlement frees the claim and replaces the output with a 402; one with no
 * answer marks the payment unconfirmed (it may be spent) and is a 503; a
 * buyer found gone right before settlement is not charged. Every attempt is
 * reported to the settlement log.
 *
 * @module
 */
import type { x402ResourceServer } from "@x402/core/server";
import type { SettleResponse } from "@x402/core/types";
import { SettleError } from "@x402/core/types";
import { UnavailableError } from "../shared/errors.ts";
import type { Authorization } from "./authorization.ts";
import type { ClaimStore } from "./claims.ts";
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
  reason?: string;
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
   * Settles an authorized payment after its work succeeded. Throws
   * {@linkcode PaymentRequiredError} (carrying the settlement response) when
   * settlement fails, so the work's output must not be served.
   */
  async settle(authorization: Authorization): Promise<SettleResponse> {
    const [settlement] = await this.#settle(authorization, () => Promise.resolve(false));
    return settlement;
  }

  /**
   * {@linkcode settle}, asking `gone` once charged, while the claim is marked
   * spent (two waits in one): with whether the client was gone by then.
   */
  async #settle(
    authorization: Authorization,
    gone: () => Promise<boolean>,
  ): Promise<[SettleResponse, boolean]> {
    const { server, claims, onSettlement, timeoutMs } = this.#parts;
    const { rail, resource, payload, requirements, claim } = authorization;
    const event = { resource: resource.url, network: rail.network, amount: requirements.amount };
    const down = rail.unavailable?.();
    if (down) {
      // Nothing was sent for settlement: the payment is untouched and stays usable.
      await claims.release(claim);
      throw down;
    }
    let result: SettleResponse;
    try {
      result = await withinTime(server.settlePayment(payload, requirements), timeoutMs, "settlement");
    } catch (error) {
      if (error instanceof SettleError) {
        return await this.#settlementFailed(authorization, refusedSettlement(error));
      }
      // The outcome is unknown: the payment may be spent, so it must not buy a second try through us.
      await claims.unconfirmed(claim);
      onSettlement({ ...event, payer: authorization.payer, success: false, reason: String(error) });
      throw new UnavailableError(
        "Payment settlement could not be confirmed: the facilitator did not answer, so no output is served; " +
          "the payment may have been charged and is not accepted again: retry with a new payment",
        {
          cause: error,
          retryAfterSeconds: 5,
        },
      );
    }
    if (!result.success) return await this.#settlementFailed(authorization, result);
    const [, left] = await Promise.all([claims.settle(claim, result.transaction), gone()]);
    onSettlement({
      ...event,
      payer: result.payer ?? authorization.payer,
      transaction: result.transaction,
      success: true,
    });
    return [result, left];
  }

  /** A settlement the facilitator refused: the claim is freed and the output replaced by a 402. */
  async #settlementFailed(authorization: Authorization, result: SettleResponse): Promise<never> {
    const { rail, resource, requirements, claim } = authorization;
    await this.#parts.claims.release(claim);
    const reason = result.errorMessage ?? result.errorReason ?? "settlement failed";
    this.#parts.onSettlement({
      resource: resource.url,
      network: rail.network,
      amount: requirements.amount,
      payer: result.payer ?? authorization.payer,
      success: false,
      reason,
    });
    const required = await this.#parts.offers.paymentRequired(rail, resource, `Settlement failed: ${reason}`);
    throw new PaymentRequiredError(`Settlement failed: ${reason}`, required, result);
  }

  /**
   * Settles an authorized payment unless its buyer is gone by now: asked
   * right before settlement, a client that hung up gets its claim released
   * (resolves `undefined`) and is charged nothing. What remains is the short
   * window between this question and the answer's first bytes on the wire:
   * a buyer who hangs up during settlement itself is charged for an answer it
   * does not read (as is one gone within a request's first few milliseconds,
   * where the presence may not look: see `lib/shared/client_presence.ts`). The question is
   * asked again once settled, and such a charge is reported to the
   * settlement log (see {@linkcode undelivered}).
   */
  async settleIfPresent(
    authorization: Authorization,
    presence: ClientPresence,
  ): Promise<SettleResponse | undefined> {
    if (await presence.gone()) {
      await this.release(authorization);
      return undefined;
    }
    const [settlement, left] = await this.#settle(authorization, () => presence.gone());
    if (left) this.undelivered(authorization, settlement, "the client left during settlement");
    return settlement;
  }

  /** Reports a settled answer that could not be handed over, for the settlement log. */
  undelivered(authorization: Authorization, settlement: SettleResponse, reason: string): void {
    this.#parts.onSettlement({
      resource: authorization.resource.url,
      network: authorization.rail.network,
      amount: authorization.requirements.amount,
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
