/**
 * Compute-budget reading and fee arithmetic for the local chain, following
 * the runtime: 5,000 lamports per signature (precompile signatures included)
 * plus `ceil(cuPrice × cuLimit / 1e6)`; without `SetComputeUnitLimit` the
 * limit is 3,000 per builtin instruction and 200,000 per other instruction,
 * capped at 1,400,000. A v1 message carries its budget in its own config
 * instead (Compute Budget instructions do nothing there): the limit it sets
 * (0 when unset) and an absolute priority fee in lamports, charged as is.
 *
 * @module
 */
import type { CompiledMessage } from "./transaction_decoding.ts";

/** Lamports charged per signature. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;
const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
const DEFAULT_INSTRUCTION_LIMIT = 200_000;
const BUILTIN_INSTRUCTION_LIMIT = 3_000;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

/** Programs the runtime treats as builtins when it picks a default compute-unit limit. */
const BUILTIN_PROGRAMS = new Set([
  "11111111111111111111111111111111",
  COMPUTE_BUDGET_PROGRAM,
  "Vote111111111111111111111111111111111111111",
  "BPFLoader1111111111111111111111111111111111",
  "BPFLoader2111111111111111111111111111111111",
  "BPFLoaderUpgradeab1e11111111111111111111111",
  "LoaderV411111111111111111111111111111111111",
  "ZkE1Gama1Proof11111111111111111111111111111",
  "Ed25519SigVerify111111111111111111111111111",
  "KeccakSecp256k11111111111111111111111111111",
  "Secp256r1SigVerify1111111111111111111111111",
]);

/** Precompiles whose first data byte counts extra signatures for the fee. */
const PRECOMPILES = new Set([
  "Ed25519SigVerify111111111111111111111111111",
  "KeccakSecp256k11111111111111111111111111111",
  "Secp256r1SigVerify1111111111111111111111111",
]);

/** A message's compute budget. */
export interface ComputeBudget {
  /** Price in micro-lamports per compute unit (0 when unset; for v1, the price its lamport fee works out to). */
  unitPrice: bigint;
  /** Compute-unit limit the fee is charged on. */
  unitLimit: number;
  /** A v1 message's priority fee, an absolute amount in lamports (absent for legacy and v0). */
  priorityFeeLamports?: bigint;
}

/** The v1 config fields in the order their values follow the mask, with their mask bits. */
const V1_CONFIG_FIELDS = [
  ["priorityFeeLamports", 0b11],
  ["computeUnitLimit", 0b100],
  ["loadedAccountsDataSizeLimit", 0b1000],
  ["heapSize", 0b1_0000],
] as const;

type V1ConfigValues = Partial<Record<typeof V1_CONFIG_FIELDS[number][0], bigint>>;

/** A v1 message's config, read from its mask and the values that follow it in field order. */
function v1Config(message: CompiledMessage): V1ConfigValues {
  const kit = message.kit as { configMask?: number; configValues?: readonly { value: number | bigint }[] };
  const mask = kit.configMask ?? 0;
  const values = [...kit.configValues ?? []];
  const config: V1ConfigValues = {};
  for (const [field, bits] of V1_CONFIG_FIELDS) {
    if ((mask & bits) !== bits) continue;
    const value = values.shift();
    if (value !== undefined) config[field] = BigInt(value.value);
  }
  return config;
}

/**
 * Reads the compute budget requested by a message: Compute Budget
 * instructions for legacy and v0, the message's config for v1.
 */
export function readComputeBudget(message: CompiledMessage): ComputeBudget {
  if (message.version === 1) {
    const config = v1Config(message);
    const unitLimit = Math.min(Number(config.computeUnitLimit ?? 0n), MAX_COMPUTE_UNIT_LIMIT);
    const priorityFeeLamports = config.priorityFeeLamports ?? 0n;
    const unitPrice = unitLimit > 0
      ? (priorityFeeLamports * MICRO_LAMPORTS_PER_LAMPORT) / BigInt(unitLimit)
      : 0n;
    return { unitPrice, unitLimit, priorityFeeLamports };
  }
  let unitPrice = 0n;
  let explicitLimit: number | undefined;
  let defaultLimit = 0;
  for (const instruction of message.instructions) {
    const program = String(message.staticAccounts[instruction.programIdIndex] ?? "");
    const data = instruction.data;
    if (program === COMPUTE_BUDGET_PROGRAM) {
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (data[0] === 2 && data.length >= 5) explicitLimit = view.getUint32(1, true);
      if (data[0] === 3 && data.length >= 9) unitPrice = view.getBigUint64(1, true);
    }
    defaultLimit += BUILTIN_PROGRAMS.has(program) ? BUILTIN_INSTRUCTION_LIMIT : DEFAULT_INSTRUCTION_LIMIT;
  }
  const unitLimit = Math.min(explicitLimit ?? defaultLimit, MAX_COMPUTE_UNIT_LIMIT);
  return { unitPrice, unitLimit };
}

/** The prioritization fee in lamports: a v1 message's own amount, else `ceil(price × limit / 1e6)`. */
export function prioritizationFee(budget: ComputeBudget): bigint {
  if (budget.priorityFeeLamports !== undefined) return budget.priorityFeeLamports;
  const microLamports = budget.unitPrice * BigInt(budget.unitLimit);
  return (microLamports + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
}

/** Signatures the fee is charged for: the message's signers plus precompile signatures. */
export function countFeeSignatures(message: CompiledMessage): number {
  let count = message.header.numSignerAccounts;
  for (const instruction of message.instructions) {
    const program = String(message.staticAccounts[instruction.programIdIndex] ?? "");
    if (PRECOMPILES.has(program)) count += instruction.data[0] ?? 0;
  }
  return count;
}

/** The total fee of a message in lamports. */
export function messageFee(message: CompiledMessage): bigint {
  return LAMPORTS_PER_SIGNATURE * BigInt(countFeeSignatures(message)) +
    prioritizationFee(readComputeBudget(message));
}
