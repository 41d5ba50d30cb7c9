/**
 * One settle-or-release step for paid work, whatever the transport: the work
 * runs behind an authorized payment, and its payment is released when the
 * work throws, answers a failure, or finishes after its buyer left; it is
 * settled only for a success someone can receive, its answer kept with the
 * settlement record (see `claims.ts`); a resend of a payment whose answer is
 * kept gets that answer back. The HTTP middleware and
 * the MCP tool call both go through here, so the money rules live in one
 * place.
 *
 * @module
 */
import type { SettleResponse } from "@x402/core/types";
import type { ClientPresence } from "../shared/client_presence.ts";
import type { Authorization } from "./authorization.ts";
import type { KeptAnswer } from "./claim_store.ts";
import type { Settlements } from "./settlement.ts";

/** The two settlement steps paid work ends in (the gateway passes them traced). */
export type SettlementSteps = Pick<Settlements, "release" | "settleIfPresent">;

/** Paid work and how to judge its result. */
export interface PaidWork<T> {
  /** Runs the work; what it throws is rethrown once the payment is released. */
  run(): Promise<T>;
  /** Whether `result` is a success worth its price (a failure is not charged). */
  succeeded(result: T): boolean;
  /** Asked right before settlement whether the buyer is gone (then nothing is charged). */
  presence: ClientPresence;
  /** `result` as bytes to keep with its settlement, or `undefined` when it exceeds `maxBytes`. */
  keep(result: T, maxBytes: number): Promise<Uint8Array | undefined>;
  /** A result {@linkcode keep} made bytes of, for a resend. */
  revive(kept: Uint8Array): T;
}

/** What paid work came to. */
export type PaidOutcome<T> =
  /** Succeeded and charged (or, `replayed`, charged earlier): serve `result` with `settlement`. */
  | {
    readonly kind: "settled";
    readonly result: T;
    readonly settlement: SettleResponse;
    readonly replayed?: true;
  }
  /** Did not succeed: the payment was released, serve `result` as it is. */
  | { readonly kind: "unsuccessful"; readonly result: T }
  /** Succeeded after its buyer left: the payment was released, nobody reads an answer. */
  | { readonly kind: "gone" };

/**
 * Runs `work` behind `authorization`, then settles or releases its payment
 * (see the module comment); for a kept answer, serves it again. Throws what
 * the work throws and what settlement throws (`PaymentRequiredError`,
 * `UnavailableError`).
 */
export async function settleOrRelease<T>(
  settlements: SettlementSteps,
  authorization: Authorization | KeptAnswer,
  work: PaidWork<T>,
  maxKeptBytes: number,
): Promise<PaidOutcome<T>> {
  if ("answer" in authorization) {
    return {
      kind: "settled",
      result: work.revive(authorization.answer),
      settlement: authorization.settlement,
      replayed: true,
    };
  }
  let result: T;
  try {
    result = await work.run();
  } catch (error) {
    await settlements.release(authorization);
    throw error;
  }
  if (!work.succeeded(result)) {
    await settlements.release(authorization);
    return { kind: "unsuccessful", result };
  }
  const kept = await work.keep(result, maxKeptBytes);
  const settlement = await settlements.settleIfPresent(authorization, work.presence, kept);
  return settlement ? { kind: "settled", result, settlement } : { kind: "gone" };
}
