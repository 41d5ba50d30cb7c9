/**
 * Settlements whose outcome was lost (the facilitator answered too late or
 * not at all, or the process died between sending and recording) are
 * resolved from the chain, never by trying again: the claim store keeps each
 * as `settling` with its payment (`claims.ts`), and the chain says whether
 * that payment landed (the payment is `settled`, its answer kept for the
 * buyer's resend) or can no longer land (released: the payment buys again).
 * Asked at start, by a background sweep, and when a buyer resends a payment
 * still settling.
 *
 * On Solana the settled transaction's id is the facilitator's signature,
 * unknown in advance; what is known is the signed message, which the landed
 * transaction carries unchanged: the buyer's recent transactions are
 * searched for it. It can no longer land once its blockhash has expired (the
 * check runs before the search, so a landing cannot slip between the two).
 * A rail with no way to ask its chain (Base here: no EVM RPC is configured in
 * remote mode) keeps its pending records until they expire.
 *
 * @module
 */
import { getBase58Decoder } from "@solana/codecs-strings";
import type { SettleResponse } from "@x402/core/types";
import { rpcCall, type SolanaClient } from "../solana/mod.ts";
import type { ClaimStore } from "./claim_store.ts";
import type { PaymentRail } from "./rails.ts";
import { signedMessageBytes } from "./rails.ts";
import type { PendingSettlement, SettlementEvent } from "./settlement.ts";
import { WireReader } from "./svm_wire.ts";

/** What the chain says of a payment sent for settlement: landed, never will, or not known yet (`undefined`). */
export type ChainOutcome = { landed: true; transaction: string } | { landed: false } | undefined;

/** How to ask a rail's chain about a pending settlement. */
export type SettlementChain = (pending: PendingSettlement, paymentId: string) => Promise<ChainOutcome>;

/** How many of the buyer's latest transactions are searched for the payment. */
const SEARCHED_TRANSACTIONS = 100;

/** The chain of a Solana rail, through `rpc` (see the module comment). */
export function solanaSettlementChain(rail: PaymentRail, rpc: () => Promise<SolanaClient>): SettlementChain {
  return async (pending, paymentId) => {
    const client = await rpc();
    const transaction = String(pending.payload.payload?.transaction ?? "");
    const { blockhash, buyer } = messageParts(signedMessageBytes(transaction));
    const valid = await rpcCall(client, "isBlockhashValid", [blockhash, { commitment: "processed" }]);
    const expired = (valid as { value?: boolean }).value === false;
    const recent = await rpcCall(client, "getSignaturesForAddress", [
      buyer,
      { limit: SEARCHED_TRANSACTIONS, commitment: "confirmed" },
    ]) as { signature: string; blockTime?: number | null }[];
    const since = pending.at / 1000 - 120;
    for (const { signature, blockTime } of recent) {
      if (typeof blockTime === "number" && blockTime < since) break;
      const landed = await rpcCall(client, "getTransaction", [
        signature,
        { encoding: "base64", maxSupportedTransactionVersion: 0, commitment: "confirmed" },
      ]) as { transaction?: [string, string]; meta?: { err: unknown } } | null;
      const wire = landed?.transaction?.[0];
      if (!wire || await rail.paymentId({ payload: { transaction: wire } } as never) !== paymentId) continue;
      return landed!.meta?.err === null ? { landed: true, transaction: signature } : { landed: false };
    }
    return expired ? { landed: false } : undefined;
  };
}

/**
 * The recent blockhash and the second signer (the buyer; the first pays the
 * fee) of a message. @throws {RangeError} when the message ends early
 */
function messageParts(message: Uint8Array): { blockhash: string; buyer: string } {
  const reader = new WireReader(message);
  if (message[0]! & 0x80) reader.byte(); // a versioned message's version
  reader.skip(3); // the header
  const keysAt = reader.skip(reader.shortLength() * 32);
  const blockhashAt = reader.skip(32);
  const base58 = getBase58Decoder();
  return {
    buyer: base58.decode(message.subarray(keysAt + 32, keysAt + 64)),
    blockhash: base58.decode(message.subarray(blockhashAt, blockhashAt + 32)),
  };
}

/** What the reconciler needs. */
export interface ReconcilerParts {
  claims: ClaimStore;
  /** The chain of each network that can be asked. */
  chains: ReadonlyMap<string, SettlementChain>;
  /** Receives one event per settlement resolved as landed. */
  onSettlement: (event: SettlementEvent) => void;
  /** How long a request may itself still be waiting for the facilitator's answer, in ms. */
  graceMs: number;
  /**
   * Whether a sweep may open a store not yet opened: only a store that
   * outlives the process can hold pending records at start (an in-memory
   * one is then left unopened, as idle services keep it).
   */
  openToSweep?: boolean;
}

/** Resolves pending settlements from the chain. */
export class Reconciler {
  readonly #parts: ReconcilerParts;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(parts: ReconcilerParts) {
    this.#parts = parts;
  }

  /**
   * Resolves `paymentId` if it is settling, its request is past waiting, and
   * its chain knows; `true` once it is no longer settling.
   */
  async resolve(paymentId: string, pending?: PendingSettlement): Promise<boolean> {
    const { claims, chains, onSettlement, graceMs } = this.#parts;
    pending ??= (await claims.pendingSettlements<PendingSettlement>())
      .find((record) => record.paymentId === paymentId)?.pending;
    const claim = await claims.settlingClaim(paymentId);
    if (!pending || !claim) return true;
    const chain = chains.get(pending.network);
    if (!chain || (!claim.unanswered && Date.now() - pending.at < graceMs)) return false;
    const outcome = await chain(pending, paymentId);
    if (!outcome) return false;
    if (!outcome.landed) {
      await claims.release(claim);
      return true;
    }
    const settlement = {
      success: true,
      transaction: outcome.transaction,
      network: pending.network,
      ...(pending.payer ? { payer: pending.payer } : {}),
    } as SettleResponse;
    await claims.settle(claim, settlement, true);
    onSettlement({
      resource: pending.resource,
      network: pending.network,
      amount: pending.requirements.amount,
      payer: pending.payer,
      transaction: outcome.transaction,
      success: true,
      delivered: false,
      resolvedBy: "chain",
    });
    return true;
  }

  /** Resolves every pending settlement its chain can tell about; a fault leaves it for the next sweep. */
  async sweep(): Promise<void> {
    if (!this.#parts.openToSweep && !this.#parts.claims.isOpen) return;
    const pending = await this.#parts.claims.pendingSettlements<PendingSettlement>().catch(() => []);
    for (const record of pending) await this.resolve(record.paymentId, record.pending).catch(() => {});
  }

  /** Sweeps now and every `everyMs` until {@linkcode stop}. */
  start(everyMs: number): void {
    this.sweep();
    if (this.#timer !== undefined) return;
    const timer = setInterval(() => this.sweep(), everyMs);
    Deno.unrefTimer(timer);
    this.#timer = timer;
  }

  /** Stops the sweeps. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
