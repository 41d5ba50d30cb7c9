/**
 * Decodes a serialized transaction sent by a caller (base64 or base58) into
 * its compiled message with `@solana/kit`, checks its size for its version,
 * and re-encodes it with a different compute-unit limit for a measuring
 * simulation.
 *
 * @module
 */
// From kit's own packages rather than `@solana/kit`, whose index loads all of kit: the simulate route's input
// check runs this decoder, and an idle service should not hold the rest.
import type { Address } from "@solana/addresses";
import { getBase58Encoder, getBase64Encoder } from "@solana/codecs-strings";
import {
  type CompiledTransactionMessage,
  decompileTransactionMessage,
  getCompiledTransactionMessageDecoder,
  setTransactionMessageComputeUnitLimit,
  type TransactionMessage,
} from "@solana/transaction-messages";
import {
  compileTransaction,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
} from "@solana/transactions";
import { InvalidInputError } from "../../shared/errors.ts";
import type { TransactionEncoding } from "./input_schema.ts";
import type { MessageConfig } from "./message.ts";

/** Largest legacy or v0 transaction, in bytes. */
export const MAX_TRANSACTION_BYTES = 1232;
/** Largest v1 transaction, in bytes. */
export const MAX_V1_TRANSACTION_BYTES = 4096;
/** Longest encoded transaction string accepted (a 4096-byte transaction in base58 is about 5,600 characters). */
export const MAX_ENCODED_LENGTH = 6000;

export type { TransactionEncoding };

/** A decoded transaction. */
export interface DecodedTransaction {
  bytes: Uint8Array;
  compiled: CompiledTransactionMessage & { lifetimeToken: string };
  /** Resource settings of a v1 message. */
  config: MessageConfig | null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/**
 * Decodes and checks a transaction.
 *
 * @throws {InvalidInputError} When it is empty, not in the encoding, not a transaction, or too large.
 */
export function decodeWireTransaction(text: string, encoding: TransactionEncoding): DecodedTransaction {
  const result = tryDecode(text, encoding);
  if (typeof result === "string") throw new InvalidInputError(result);
  return result;
}

/**
 * What is wrong with a caller's transaction string, or `undefined` when it
 * decodes to a transaction within the size limit of its version.
 *
 * @example
 * ```ts
 * transactionProblem("", "base64"); // "Invalid transaction: empty"
 * ```
 */
export function transactionProblem(text: string, encoding: TransactionEncoding): string | undefined {
  const result = tryDecode(text, encoding);
  return typeof result === "string" ? result : undefined;
}

/**
 * The transaction re-encoded (base64, unsigned) with its compute-unit limit
 * set to `limit`. `loadedAddresses` resolves a v0 message's lookup tables (as
 * a simulation reports them); returns `null` when they are needed but missing.
 */
export function withComputeUnitLimit(
  decoded: DecodedTransaction,
  limit: number,
  loadedAddresses?: { writable?: unknown; readonly?: unknown } | null,
): string | null {
  const compiled = decoded.compiled;
  let lookups: Record<Address, Address[]> | undefined;
  if (compiled.version === 0 && compiled.addressTableLookups && compiled.addressTableLookups.length > 0) {
    lookups = lookupTableContents(compiled.addressTableLookups, loadedAddresses);
    if (!lookups) return null;
  }
  try {
    const message = decompileTransactionMessage(
      compiled,
      lookups ? { addressesByLookupTableAddress: lookups } : undefined,
    ) as TransactionMessage;
    const raised = setTransactionMessageComputeUnitLimit(limit, message);
    // deno-lint-ignore no-explicit-any
    return getBase64EncodedWireTransaction(compileTransaction(raised as any));
  } catch {
    return null;
  }
}

function tryDecode(text: string, encoding: TransactionEncoding): DecodedTransaction | string {
  if (text.length === 0) return "Invalid transaction: empty";
  if (text.length > MAX_ENCODED_LENGTH) {
    return `Invalid transaction: ${text.length} characters, longer than any transaction (at most ` +
      `${MAX_V1_TRANSACTION_BYTES} bytes)`;
  }
  let bytes: Uint8Array;
  if (encoding === "base64") {
    if (!BASE64.test(text) || text.length % 4 === 1) return "Invalid transaction: not valid base64";
    bytes = new Uint8Array(getBase64Encoder().encode(text.replace(/=+$/, "")));
  } else {
    if (!BASE58.test(text)) return "Invalid transaction: not valid base58";
    bytes = new Uint8Array(getBase58Encoder().encode(text));
  }
  if (bytes.length === 0) return "Invalid transaction: empty";
  let compiled: DecodedTransaction["compiled"];
  try {
    const transaction = getTransactionDecoder().decode(bytes);
    compiled = getCompiledTransactionMessageDecoder().decode(
      transaction.messageBytes,
    ) as DecodedTransaction["compiled"];
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return `Invalid transaction: the ${bytes.length} bytes are not a Solana transaction (${reason})`;
  }
  const limit = compiled.version === 1 ? MAX_V1_TRANSACTION_BYTES : MAX_TRANSACTION_BYTES;
  if (bytes.length > limit) {
    return `Invalid transaction: ${bytes.length} bytes, larger than the ${limit} allowed for a ` +
      `${compiled.version === "legacy" ? "legacy" : `v${compiled.version}`} transaction`;
  }
  return { bytes, compiled, config: compiled.version === 1 ? v1Config(compiled) : null };
}

function v1Config(compiled: CompiledTransactionMessage & { lifetimeToken: string }): MessageConfig | null {
  try {
    const message = decompileTransactionMessage(compiled) as { config?: Record<string, unknown> };
    const config = message.config ?? {};
    const int = (value: unknown) => typeof value === "number" ? value : null;
    return {
      computeUnitLimit: int(config.computeUnitLimit),
      priorityFeeLamports: typeof config.priorityFeeLamports === "bigint" ? config.priorityFeeLamports : null,
      heapSize: int(config.heapSize),
      loadedAccountsDataSizeLimit: int(config.loadedAccountsDataSizeLimit),
    };
  } catch {
    return null;
  }
}

/** Rebuilds each lookup table's addressed entries from the loaded addresses, in the order the runtime lists them. */
export function lookupTableContents(
  lookups: ReadonlyArray<
    { lookupTableAddress: Address; writableIndexes: readonly number[]; readonlyIndexes: readonly number[] }
  >,
  loadedAddresses: { writable?: unknown; readonly?: unknown } | null | undefined,
): Record<Address, Address[]> | undefined {
  const writable = Array.isArray(loadedAddresses?.writable) ? loadedAddresses.writable as Address[] : null;
  const readonly = Array.isArray(loadedAddresses?.readonly) ? loadedAddresses.readonly as Address[] : null;
  if (!writable || !readonly) return undefined;
  const tables: Record<Address, Address[]> = {};
  let w = 0;
  let r = 0;
  for (const lookup of lookups) {
    const entries = tables[lookup.lookupTableAddress] ??= [];
    for (const index of lookup.writableIndexes) entries[index] = writable[w++]!;
    for (const index of lookup.readonlyIndexes) entries[index] = readonly[r++]!;
  }
  if (w !== writable.length || r !== readonly.length) return undefined;
  return tables;
}
