/**
 * The repair planner: decides whether a failure is mechanical, applies the
 * fixes to the caller's own message (fresh blockhash, missing associated
 * token accounts created first, compute-unit limit from a measuring
 * simulation plus the margin, price at the fee level asked), and offers the
 * result only when a simulation of the exact returned bytes succeeds. When it
 * does not, the rebuilt run is diagnosed like any other and its failure says
 * why no repair is offered.
 *
 * @module
 */
import { MAX_COMPUTE_UNIT_LIMIT, priorityFeeLamports } from "../../fees/mod.ts";
import type { SolanaClient } from "../../rpc.ts";
import { snapshotFromMeta } from "../balances.ts";
import { computeBudgetOf, recommendedComputeUnitLimit } from "../compute_budget.ts";
import { diagnoseRun } from "../diagnosis.ts";
import { messageFromCompiled, type MessageView, writableAccounts } from "../message.ts";
import {
  type DecodedTransaction,
  decodeWireTransaction,
  MAX_TRANSACTION_BYTES,
  MAX_V1_TRANSACTION_BYTES,
  type TransactionEncoding,
} from "../serialized.ts";
import { levelPrice } from "./fee_level.ts";
import {
  createIdempotentInstruction,
  findMissingTokenAccounts,
  type MissingTokenAccount,
} from "./missing_token_account.ts";
import {
  editMessage,
  encodeUnsigned,
  type MessageEdits,
  type OpenMessage,
  openMessage,
  wireBase64,
  wireLength,
} from "./rebuild.ts";
import { insufficient, notMechanical, planFor, refuse, type RepairDiagnosis } from "./refusal.ts";
import { resimulate, type Resimulation } from "./resimulate.ts";
import type { FeeLevel, Repair } from "./schema.ts";

/** The level a fee-related repair pays at when the caller names none. */
const DEFAULT_FEE_LEVEL: FeeLevel = "high";
/** Log lines of the proving simulation returned. */
const LOG_TAIL_LINES = 5;

/** What to repair. */
export interface RepairRequest {
  decoded: DecodedTransaction;
  encoding: TransactionEncoding;
  /** The message with its lookup-table addresses resolved. */
  view: MessageView;
  loadedAddresses: { writable?: unknown; readonly?: unknown } | null | undefined;
  diagnosis: RepairDiagnosis;
  durableNonce: boolean;
  /** Whether the message's own blockhash can still land; `null` when unknown. */
  blockhashValid: boolean | null;
  feeLevel?: FeeLevel;
}

/** The price the rebuilt message pays. */
interface Pricing {
  level: FeeLevel | null;
  /** Legacy and v0: micro-lamports per unit (0: none). */
  micro: number;
  /** v1: the level's price per unit, to turn into lamports once the limit is known. */
  levelMicro: number | null;
}

/**
 * Repairs a failing (or expired, or under-priced) transaction, or says why not.
 *
 * @throws {UpstreamError} When the node refuses a simulation outright.
 */
export async function repairTransaction(
  client: SolanaClient,
  request: RepairRequest,
  signal?: AbortSignal,
): Promise<Repair> {
  const plan = planFor(request.diagnosis, {
    durableNonce: request.durableNonce,
    blockhashValid: request.blockhashValid,
    feeLevelAsked: request.feeLevel !== undefined,
  });
  if ("available" in plan) return plan;
  let creates: MissingTokenAccount[] = [];
  if (plan.kind === "create_missing_accounts") {
    const found = await findMissingTokenAccounts(client, request.view, plan.instructionIndex, signal);
    if (found.create.length === 0 && found.unknown.length > 0) {
      return {
        ...refuse(
          "unknown_missing_account",
          `Account ${
            found.unknown[0]
          } does not exist and is no associated token account of an owner and mint ` +
            "the transaction names, so what to create is unknown",
        ),
        account: found.unknown[0]!,
      };
    }
    if (found.create.length === 0) return notMechanical(request.diagnosis);
    creates = found.create;
  }
  const message = openMessage(request.decoded, request.loadedAddresses);
  if (!message) {
    return refuse(
      "lookup_tables_unresolved",
      "Its lookup tables' addresses are unknown, so it cannot be rebuilt",
    );
  }
  const raise = plan.kind === "rebuild" && plan.raisePrice
    ? request.feeLevel ?? DEFAULT_FEE_LEVEL
    : request.feeLevel;
  const pricing = await pricingFor(client, request.view, raise ?? null, signal);
  if (
    request.diagnosis.failureClass === "none" && request.blockhashValid !== false &&
    !raisesPrice(request.view, pricing)
  ) {
    return refuse(
      "not_needed",
      `It succeeds and already pays at least the ${raise} fee level; nothing to repair`,
    );
  }
  return await rebuildAndProve(client, request, message, pricing, creates, signal);
}

async function pricingFor(
  client: SolanaClient,
  view: MessageView,
  level: FeeLevel | null,
  signal?: AbortSignal,
): Promise<Pricing> {
  const budget = computeBudgetOf(view);
  const levelMicro = level ? await levelPrice(client, writableAccounts(view), level, signal) : null;
  return {
    level: levelMicro === null ? null : level,
    micro: Math.max(
      budget.unitPriceMicroLamports,
      budget.feeModel === "compute_unit_price" ? levelMicro ?? 0 : 0,
    ),
    levelMicro,
  };
}

function raisesPrice(view: MessageView, pricing: Pricing): boolean {
  const budget = computeBudgetOf(view);
  if (budget.feeModel === "message_config") {
    return pricing.levelMicro !== null &&
      priorityFeeLamports(pricing.levelMicro, budget.unitLimit) > budget.priorityFeeLamports;
  }
  return pricing.micro > budget.unitPriceMicroLamports;
}

/** Measures the rebuilt message at the maximum limit, sets the limit and price, and proves the result. */
async function rebuildAndProve(
  client: SolanaClient,
  request: RepairRequest,
  message: OpenMessage,
  pricing: Pricing,
  creates: MissingTokenAccount[],
  signal?: AbortSignal,
): Promise<Repair> {
  const { view } = request;
  const budget = computeBudgetOf(view);
  const payer = view.accountKeys[0]!.address;
  const prepend = creates.map((missing) => createIdempotentInstruction(payer, missing));
  const currentFee = budget.feeModel === "message_config" && budget.priorityFeeLamports > 0
    ? BigInt(budget.priorityFeeLamports)
    : null;
  const measuring = editMessage(message, {
    blockhash: { blockhash: request.decoded.compiled.lifetimeToken, lastValidBlockHeight: 0 },
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
  const v1Fee = budget.feeModel === "message_config"
    ? maxFee(
      currentFee,
      pricing.levelMicro === null ? null : BigInt(priorityFeeLamports(pricing.levelMicro, limit)),
    )
    : null;
  const edits: MessageEdits = {
    blockhash: measured.replacementBlockhash,
    computeUnitLimit: limit,
    microLamportsPerComputeUnit: pricing.micro > 0 ? pricing.micro : null,
    priorityFeeLamports: v1Fee,
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
  return offered(request, final, edits, pricing, creates, proof);
}

function maxFee(current: bigint | null, level: bigint | null): bigint | null {
  if (current === null) return level;
  if (level === null) return current;
  return level > current ? level : current;
}

/** The repair offered, with what changed and the proving simulation beside it. */
function offered(
  request: RepairRequest,
  final: OpenMessage,
  edits: MessageEdits,
  pricing: Pricing,
  creates: MissingTokenAccount[],
  proof: Resimulation,
): Repair {
  const { view } = request;
  const budget = computeBudgetOf(view);
  const v1 = budget.feeModel === "message_config";
  const fixes: NonNullable<Repair["fixes"]> = [];
  if (creates.length > 0) fixes.push("create_associated_token_account");
  if (edits.computeUnitLimit !== budget.unitLimit || budget.limitSource === "default") {
    fixes.push("compute_unit_limit");
  }
  if (!v1 && pricing.micro !== budget.unitPriceMicroLamports) fixes.push("compute_unit_price");
  if (v1 && Number(edits.priorityFeeLamports ?? 0n) !== budget.priorityFeeLamports) {
    fixes.push("priority_fee_lamports");
  }
  if (edits.blockhash.blockhash !== view.recentBlockhash) fixes.push("fresh_blockhash");
  const fee = v1
    ? Number(edits.priorityFeeLamports ?? 0n)
    : priorityFeeLamports(pricing.micro, edits.computeUnitLimit);
  const raised = fixes.includes("compute_unit_price") || fixes.includes("priority_fee_lamports");
  return {
    available: true,
    code: "repaired",
    reason: `Rebuilt (${fixes.join(", ")}); its simulation succeeded using ${proof.unitsConsumed} compute ` +
      `units of the ${edits.computeUnitLimit} set. Sign it again before sending`,
    transaction: encodeUnsigned(final, request.encoding),
    encoding: request.encoding,
    signers: view.accountKeys.filter((key) => key.signer).map((key) => key.address),
    fixes,
    computeUnitLimit: edits.computeUnitLimit,
    ...(v1 ? {} : { microLamportsPerComputeUnit: pricing.micro }),
    priorityFeeLamports: fee,
    ...(raised && pricing.level ? { feeLevel: pricing.level } : {}),
    recentBlockhash: edits.blockhash.blockhash,
    lastValidBlockHeight: edits.blockhash.lastValidBlockHeight,
    ...(creates.length > 0 ? { createdAccounts: creates } : {}),
    simulation: {
      err: null,
      unitsConsumed: proof.unitsConsumed,
      feeLamports: proof.feeLamports,
      logLines: proof.logs.length,
      logTail: proof.logs.slice(-LOG_TAIL_LINES),
    },
  };
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
