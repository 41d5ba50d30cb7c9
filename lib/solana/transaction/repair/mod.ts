/**
 * Repairs (`repair` of simulate and of explain with `repair=true`): the
 * entry points that turn a simulated or landed failure into a rebuilt,
 * proven, unsigned transaction or a stable reason why none is offered.
 *
 * @module
 */
import type { SolanaClient } from "../../rpc.ts";
import { messageFromCompiled, type MessageView } from "../message.ts";
import { type DecodedTransaction, decodeWireTransaction, type TransactionEncoding } from "../serialized.ts";
import { repairTransaction } from "./plan.ts";
import type { RepairDiagnosis } from "./refusal.ts";
import { planFor, refuse } from "./refusal.ts";
import { blockhashStillValid } from "./resimulate.ts";
import type { FeeLevel, Repair } from "./schema.ts";

export { type FeeLevel, type Repair, repairOptionSchema, repairSchema } from "./schema.ts";

/** What a repair of a simulated transaction starts from. */
export interface SimulatedRun {
  decoded: DecodedTransaction;
  encoding: TransactionEncoding;
  view: MessageView;
  loadedAddresses: { writable?: unknown; readonly?: unknown } | null | undefined;
  /** The blockhash the node simulated with in place of the message's own. */
  replacementBlockhash: string | null;
  diagnosis: RepairDiagnosis;
  durableNonce: boolean;
}

/**
 * The repair of a simulated transaction. A success is checked for a stale
 * blockhash (one more call, only when the node replaced it by another).
 */
export async function repairSimulated(
  client: SolanaClient,
  run: SimulatedRun,
  feeLevel: FeeLevel | undefined,
  signal?: AbortSignal,
): Promise<Repair> {
  const own = run.decoded.compiled.lifetimeToken;
  let blockhashValid: boolean | null = null;
  if (run.diagnosis.failureClass === "none" && !run.durableNonce) {
    blockhashValid = own === run.replacementBlockhash ? true : await blockhashStillValid(client, own, signal);
  }
  return await guarded(
    repairTransaction(client, {
      ...run,
      blockhashValid,
      ...(feeLevel ? { feeLevel } : {}),
    }, signal),
    signal,
  );
}

/** The landed transaction: a `getTransaction` result fetched as base64, and its diagnosis. */
export interface LandedRun {
  /** The `getTransaction` result (`transaction` as `[base64, "base64"]`, and `meta`). */
  transaction: Record<string, unknown>;
  diagnosis: RepairDiagnosis & { durableNonce: boolean };
}

/** The repair of a landed failure, rebuilt from its message against the current state. */
export async function repairLanded(
  client: SolanaClient,
  run: LandedRun,
  feeLevel: FeeLevel | undefined,
  signal?: AbortSignal,
): Promise<Repair> {
  if (run.diagnosis.failureClass === "none") return refuse("not_needed", "It succeeded; nothing to repair");
  // A failure no rebuild fixes is refused before anything is decoded or asked of the node.
  const plan = planFor(run.diagnosis, {
    durableNonce: run.diagnosis.durableNonce,
    blockhashValid: false,
    feeLevelAsked: feeLevel !== undefined,
  });
  if ("available" in plan) return plan;
  const wire = run.transaction.transaction;
  if (!Array.isArray(wire) || typeof wire[0] !== "string" || wire[1] !== "base64") {
    return refuse("not_landed", "The node did not return the transaction's bytes, so it cannot be rebuilt");
  }
  const decoded = decodeWireTransaction(wire[0], "base64");
  const loadedAddresses = (run.transaction.meta as { loadedAddresses?: Record<string, unknown> } | null)
    ?.loadedAddresses;
  return await guarded(
    repairTransaction(client, {
      decoded,
      encoding: "base64",
      view: messageFromCompiled(decoded.compiled, loadedAddresses, decoded.config),
      loadedAddresses,
      diagnosis: run.diagnosis,
      durableNonce: run.diagnosis.durableNonce,
      // A landed message cannot be sent again: it always gets a fresh blockhash.
      blockhashValid: false,
      ...(feeLevel ? { feeLevel } : {}),
    }, signal),
    signal,
  );
}

/** The refusal for a transaction no node returned: there is no message to rebuild. */
export function notLanded(): Repair {
  return refuse(
    "not_landed",
    "No node returned the transaction's message, so there is nothing to rebuild: rebuild it from its source",
  );
}

/** A repair the node could not finish is refused; the diagnosis around it still stands. */
async function guarded(repair: Promise<Repair>, signal?: AbortSignal): Promise<Repair> {
  try {
    return await repair;
  } catch (error) {
    if (signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return refuse("resimulation_failed", `The rebuilt transaction could not be simulated: ${message}`);
  }
}
