/**
 * Edits a caller's message with `@solana/kit` and writes it back unsigned:
 * a new blockhash, compute-unit limit and price (Compute Budget instructions
 * in legacy and v0 messages, the config mask in v1 ones), instructions put
 * first. A v0 message keeps its lookup tables: it is decompiled with their
 * contents, so the accounts it loaded from them are loaded from them again.
 *
 * @module
 */
import type { Address } from "@solana/addresses";
import { getBase58Decoder, getBase64Decoder } from "@solana/codecs-strings";
import type { Blockhash, Instruction } from "@solana/kit";
import {
  decompileTransactionMessage,
  prependTransactionMessageInstructions,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageLifetimeUsingBlockhash,
  setTransactionMessagePriorityFeeLamports,
  type TransactionMessage,
} from "@solana/transaction-messages";
import { compileTransaction, getTransactionEncoder } from "@solana/transactions";
import { lookupTableContents } from "../serialized.ts";
import type { DecodedTransaction, TransactionEncoding } from "../serialized.ts";

/** What to change in a message. */
export interface MessageEdits {
  blockhash: { blockhash: string; lastValidBlockHeight: number };
  computeUnitLimit: number;
  /** Legacy and v0: micro-lamports per compute unit; `null` removes the price. */
  microLamportsPerComputeUnit: number | null;
  /** v1: the absolute priority fee; `null` removes it. */
  priorityFeeLamports: bigint | null;
  /** Instructions to run before the message's own (after its Compute Budget ones, which kit keeps). */
  prepend: readonly Instruction[];
}

/** A message ready to edit. */
export type OpenMessage = TransactionMessage;

/**
 * The decoded transaction's message as kit builds them, or `null` when a v0
 * message's lookup tables cannot be resolved from `loadedAddresses`.
 */
export function openMessage(
  decoded: DecodedTransaction,
  loadedAddresses: { writable?: unknown; readonly?: unknown } | null | undefined,
): OpenMessage | null {
  const { compiled } = decoded;
  let lookups: Record<Address, Address[]> | undefined;
  if (compiled.version === 0 && compiled.addressTableLookups && compiled.addressTableLookups.length > 0) {
    lookups = lookupTableContents(compiled.addressTableLookups, loadedAddresses);
    if (!lookups) return null;
  }
  try {
    return decompileTransactionMessage(
      compiled,
      lookups ? { addressesByLookupTableAddress: lookups } : undefined,
    ) as TransactionMessage;
  } catch {
    return null;
  }
}

/** The message with `edits` applied. */
export function editMessage(message: OpenMessage, edits: MessageEdits): OpenMessage {
  // deno-lint-ignore no-explicit-any
  let next: any = setTransactionMessageLifetimeUsingBlockhash({
    blockhash: edits.blockhash.blockhash as Blockhash,
    lastValidBlockHeight: BigInt(edits.blockhash.lastValidBlockHeight),
  }, message);
  if (edits.prepend.length > 0) next = prependTransactionMessageInstructions(edits.prepend, next);
  next = setTransactionMessageComputeUnitLimit(edits.computeUnitLimit, next);
  if (next.version === 1) {
    next = setTransactionMessagePriorityFeeLamports(edits.priorityFeeLamports ?? undefined, next);
  } else {
    const price = edits.microLamportsPerComputeUnit;
    next = setTransactionMessageComputeUnitPrice(price && price > 0 ? BigInt(price) : undefined, next);
  }
  return next as OpenMessage;
}

/** The message as an unsigned wire transaction (empty signature slots), in `encoding`. */
export function encodeUnsigned(message: OpenMessage, encoding: TransactionEncoding): string {
  // deno-lint-ignore no-explicit-any
  const bytes = getTransactionEncoder().encode(compileTransaction(message as any));
  return encoding === "base58" ? getBase58Decoder().decode(bytes) : getBase64Decoder().decode(bytes);
}

/** The unsigned wire bytes of the message, base64, for a simulation. */
export function wireBase64(message: OpenMessage): string {
  return encodeUnsigned(message, "base64");
}

/** The byte length of the message's unsigned wire form. */
export function wireLength(message: OpenMessage): number {
  // deno-lint-ignore no-explicit-any
  return getTransactionEncoder().encode(compileTransaction(message as any)).length;
}
