/**
 * Rebuilding the caller's message and proving it: a measuring simulation at
 * the maximum compute-unit limit sets the limit (what it used plus the
 * margin) and the price, and the result is offered only when a simulation of
 * its exact bytes succeeds. When a run fails, the rebuilt transaction is
 * diagnosed like any other and its failure says why no repair is offered.
 *
 * @module
 */
import { MAX_COMPUTE_UNIT_LIMIT } from "../../fees/mod.ts";
import type { SolanaClient } from "../../rpc.ts";
import { snapshotFromMeta } from "../balances.ts";
import { computeBudgetOf, recommendedComputeUnitLimit } from "../compute_budget.ts";
import { diagnoseRun } from "../diagnosis.ts";
import { messageFromCompiled } from "../message.ts";
import {
  decodeWireTransaction,
  MAX_TRANSACTION_BYTES,
  MAX_V1_TRANSACTION_BYTES,
  type TransactionEncoding,
} from "../serialized.ts";
import { createIdempotentInstruction } from "./missing_token_account.ts";
import { offered } from "./offer.ts";
import { v1PriorityFee } from "./pricing.ts";
import { editMessage, type MessageEdits, type OpenMessage, wireBase64, wireLength } from "./rebuild.ts";
import { insufficient, planFor, refuse } from "./refusal.ts";
import type { RebuildPlan, RepairRequest } from "./request.ts";
import { resimulate, type Resimulation } from "./resimulate.ts";
import type { Repair } from "./schema.ts";

/** Measures the rebuilt message at the maximum limit, sets the limit and price, and proves the result. */
export async function rebuildAndProve(
  client: SolanaClient,
  request: RepairRequest,
  plan: RebuildPlan,
  signal?: AbortSignal,
): Promise<Repair> {
  const { view } = request;
  const { message, pricing, nonce } = plan;
  const budget = computeBudgetOf(view);
  const payer = view.accountKeys[0]!.address;
  const prepend = plan.creates.map((missing) => createIdempotentInstruction(payer, missing));
  const currentFee = budget.feeModel === "message_config" && budget.priorityFeeLamports > 0
    ? BigInt(budget.priorityFeeLamports)
    : null;
  const measuring = editMessage(message, {
    // A durable nonce stays the lifetime; the measuring run takes the node's blockhash either way.
    blockhash: nonce ? null : { blockhash: request.decoded.compiled.lifetimeToken, lastValidBlockHeight: 0 },
    computeUnitLimit: MAX_COMPUTE_UNIT_LIMIT,
    // The same instructions as the final message (a price of 1 stands for any), so it consumes the same units.
    microLamportsPerComputeUnit: pricing.micro > 0 ? 1 : null,
    priorityFeeLamports: currentFee,
    prepend,
  });
  const measured = await resimulate(client, wireBase64(measuring), true, signal);
  if (measured.err !== null || measured.unitsConsumed === null || !measured.replacementBlockhash) {
    return await refusalOfRun(measuring, measured, request.encoding);
  }
  const limit = recommendedComputeUnitLimit(measured.unitsConsumed);
  const edits: MessageEdits = {
    blockhash: nonce ? null : measured.replacementBlockhash,
    computeUnitLimit: limit,
    microLamportsPerComputeUnit: pricing.micro > 0 ? pricing.micro : null,
    priorityFeeLamports: budget.feeModel === "message_config"
      ? v1PriorityFee(currentFee, pricing, limit)
      : null,
    prepend,
  };
  const final = editMessage(message, edits);
  const maxBytes = view.version === 1 ? MAX_V1_TRANSACTION_BYTES : MAX_TRANSACTION_BYTES;
  const length = wireLength(final);
  if (length > maxBytes) {
    return refuse("too_large", `The rebuilt transaction is ${length} bytes, over the ${maxBytes} allowed`);
  }
  const proof = await resimulate(client, wireBase64(final), false, signal);
  if (proof.err !== null) return await refusalOfRun(final, proof, request.encoding);
  return offered(request, plan, { message: final, edits, proof });
}

/** Why the rebuilt message still fails, read from its own diagnosis. */
async function refusalOfRun(
  message: OpenMessage,
  run: Resimulation,
  encoding: TransactionEncoding,
): Promise<Repair> {
  const base64 = wireBase64(message);
  const decoded = decodeWireTransaction(base64, "base64");
  const view = messageFromCompiled(decoded.compiled, run.loadedAddresses, decoded.config);
  const diagnosis = await diagnoseRun({
    view,
    err: run.err,
    logs: run.logs,
    unitsConsumed: run.unitsConsumed,
    feeLamports: run.feeLamports,
    snapshot: snapshotFromMeta(run.raw, view.accountKeys.map((key) => key.address)),
    innerInstructions: run.raw.innerInstructions,
  }, { subject: `The rebuilt transaction (${encoding})` });
  if (diagnosis.failureClass === "insufficient_funds") return insufficient(diagnosis.nextAction);
  if (diagnosis.failureClass === "compute_exceeded") {
    return refuse(
      "exceeds_max_compute",
      `Even at ${MAX_COMPUTE_UNIT_LIMIT} compute units it runs out: split it`,
    );
  }
  if (diagnosis.failureClass === "slippage") {
    return planFor(diagnosis, { durableNonce: false, blockhashValid: null, feeLevelAsked: false }) as Repair;
  }
  return refuse(
    "resimulation_failed",
    `The rebuilt transaction still fails (${diagnosis.failureClass}): ${diagnosis.nextAction.reason}`,
  );
}
